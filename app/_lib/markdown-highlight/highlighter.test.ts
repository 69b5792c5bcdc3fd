import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { renderLesson } from '../content';
import { createCodeHighlighter, highlightLanguageOf } from './index';

const toHtml = (el: Element) => unified().use(rehypeStringify).stringify({ type: 'root', children: [el] });

const lesson = (body: string) => `---
title: T
summary: S
minutes: 5
objectives: [O]
---

${body}
`;

describe('highlightLanguageOf', () => {
  it('maps aliases onto the bundled languages and everything else to text', () => {
    expect(highlightLanguageOf('yml')).toBe('yaml');
    expect(highlightLanguageOf('sh')).toBe('bash');
    expect(highlightLanguageOf('Console')).toBe('console');
    expect(highlightLanguageOf('golang')).toBe('go');
    expect(highlightLanguageOf('rust')).toBe('text');
    expect(highlightLanguageOf(null)).toBe('text');
  });
});

describe('createCodeHighlighter', () => {
  it('colours YAML keys with a light and a dark colour on each token', async () => {
    const highlight = await createCodeHighlighter();
    const pre = highlight('kind: Deployment\nspec:\n  replicas: 3', 'yaml');
    expect(pre).toBeDefined();
    const html = toHtml(pre!);
    expect(html).toContain('--shiki-light:');
    expect(html).toContain('--shiki-dark:');
    expect(html).toContain('data-language="yaml"');
    expect(html.replace(/<[^>]+>/g, '')).toBe('kind: Deployment\nspec:\n  replicas: 3');
  });

  it('escapes code instead of interpreting it, and treats an unknown language as text', async () => {
    const highlight = await createCodeHighlighter();
    const html = toHtml(highlight('<script>alert(1)</script>', 'rust')!);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#x3C;script>');
    expect(html).toContain('data-language="text"');
  });

  it('plugs into renderLesson: the lesson page gets highlighted blocks', async () => {
    const highlight = await createCodeHighlighter();
    const rendered = renderLesson(lesson('```bash\netcdctl get /registry --prefix\n```'), 'l.md', { highlight });
    expect(rendered.ok).toBe(true);
    if (!rendered.ok) return;
    expect(rendered.html).toContain('class="shiki');
    expect(rendered.html).toContain('--shiki-dark:');
  });
});
