// Lesson Markdown → sanitised HTML. Directives become inert placeholders the app hydrates
// (`<div data-directive="sim" data-scenario="…">`); everything passes rehype-sanitize
// (GitHub's allow-list) so a lesson can never inject script, styles or raw HTML.
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Nodes, Root } from 'mdast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Problem } from '../problems';
import type { LessonFrontMatter } from '../schemas/lesson';
import type { EmbeddedDirective } from './directives';
import { parseLessonSource, parseMarkdownText, walk } from './parse';
import { headingSlugger } from './slug';

/**
 * Code highlighting is the app's (shiki, issue 6): given a code block, return the hast
 * element to show instead of the plain `<pre><code>`, or undefined to keep it. It runs
 * after sanitising, so the highlighter's inline styles survive; its output must be
 * built from the code text only.
 */
export type CodeHighlighter = (code: string, lang: string | null) => Element | undefined;

export interface RenderOptions {
  highlight?: CodeHighlighter;
}

export type RenderedLesson =
  | { ok: true; html: string; frontMatter: LessonFrontMatter; directives: EmbeddedDirective[] }
  | { ok: false; problems: Problem[] };

const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    div: [...(defaultSchema.attributes?.div ?? []), 'dataDirective', 'dataScenario', 'dataId'],
    aside: ['dataDirective', ['className', 'callout', 'callout-note', 'callout-warning']],
  },
};

export function renderLesson(source: string, file = 'lesson.md', options: RenderOptions = {}): RenderedLesson {
  const parsed = parseLessonSource(source, file);
  if (parsed.problems.length > 0 || parsed.frontMatter === undefined) {
    return { ok: false, problems: parsed.problems };
  }
  const html = renderTree(parsed.tree, options);
  return { ok: true, html, frontMatter: parsed.frontMatter, directives: parsed.directives };
}

/** Renders an already parsed (and checked) lesson tree. */
export function renderTree(tree: Root, options: RenderOptions = {}): string {
  const mdast = structuredClone(tree);
  mdast.children = mdast.children.filter((n) => n.type !== 'yaml');
  walk(mdast, markDirective);
  const pipeline = unified().use(remarkRehype).use(rehypeSanitize, sanitizeSchema);
  const hast = pipeline.runSync(mdast) as HastRoot;
  // after sanitising, which would prefix ids with `user-content-`: `[above](#try-it)` must find `id="try-it"`
  addHeadingIds(hast, headingSlugger());
  if (options.highlight) highlightCode(hast, options.highlight);
  return unified().use(rehypeStringify).stringify(hast);
}

/**
 * A question's prompt, option, feedback or explanation → sanitised HTML. content:check
 * refuses raw HTML and directives in these texts; here they are dropped all the same.
 */
export function renderMarkdownText(md: string, options: RenderOptions = {}): string {
  const { tree } = parseMarkdownText(md);
  walk(tree, (node) => {
    if (node.type === 'leafDirective' || node.type === 'containerDirective') {
      (node.data ??= {}).hName = 'span';
      node.data.hChildren = [];
    }
  });
  return renderTree(tree, options);
}

function markDirective(node: Nodes): void {
  if (node.type !== 'leafDirective' && node.type !== 'containerDirective') return;
  const attrs = node.attributes ?? {};
  const data = (node.data ??= {});
  switch (node.name) {
    case 'sim':
      data.hName = 'div';
      data.hProperties = { dataDirective: 'sim', dataScenario: attrs.scenario ?? '' };
      data.hChildren = [];
      break;
    case 'quiz':
    case 'lab':
      data.hName = 'div';
      data.hProperties = { dataDirective: node.name, dataId: attrs.id ?? '' };
      data.hChildren = [];
      break;
    case 'note':
    case 'warning':
      data.hName = 'aside';
      data.hProperties = { dataDirective: node.name, className: ['callout', `callout-${node.name}`] };
      break;
    default:
      // unknown directives never reach here: parseLessonSource refuses them
      data.hName = 'div';
      data.hChildren = [];
  }
}

function addHeadingIds(node: HastRoot | Element, slugOf: (text: string) => string): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (/^h[1-6]$/.test(child.tagName)) child.properties.id = slugOf(hastText(child));
    else addHeadingIds(child, slugOf);
  }
}

function hastText(node: HastContent | Element): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? (node.children as HastContent[]).map(hastText).join('') : '';
}

function highlightCode(node: HastRoot | Element, highlight: CodeHighlighter): void {
  const children = node.children as HastContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type !== 'element') continue;
    const code = child.tagName === 'pre' ? child.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code') : undefined;
    if (code) {
      const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? null;
      const text = code.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
      const replaced = highlight(text.replace(/\n$/, ''), lang);
      if (replaced) children[i] = replaced;
    } else highlightCode(child, highlight);
  }
}
