// Goal descriptions show their `code` as code, never as backticks, and never as HTML.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { InlineCode, splitInlineCode } from './inline-code';

const html = (text: string) => renderToStaticMarkup(<InlineCode text={text} />);

describe('inline code in goal descriptions', () => {
  it('renders backtick spans as <code>, in English and Korean', () => {
    expect(html('3 Pods labelled `app=web` are Running and Ready')).toBe('3 Pods labelled <code>app=web</code> are Running and Ready');
    expect(html('Deployment `web`이 etcd에 저장됨 (`/registry/deployments/default/web`)')).toBe(
      'Deployment <code>web</code>이 etcd에 저장됨 (<code>/registry/deployments/default/web</code>)',
    );
  });

  it('escapes everything else: markup in the text stays text', () => {
    expect(html('`<img src=x onerror=alert(1)>` and <b>bold</b>')).toBe('<code>&lt;img src=x onerror=alert(1)&gt;</code> and &lt;b&gt;bold&lt;/b&gt;');
  });

  it('follows Markdown: double backticks hold a backtick, an unclosed one stays as it is', () => {
    expect(splitInlineCode('run `` a`b `` now')).toEqual([
      { code: false, text: 'run ' },
      { code: true, text: 'a`b' },
      { code: false, text: ' now' },
    ]);
    expect(html('a ` lone backtick')).toBe('a ` lone backtick');
    expect(html('no code at all')).toBe('no code at all');
  });
});
