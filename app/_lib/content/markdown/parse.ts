// A lesson file: YAML front matter, then GitHub-flavoured Markdown with remark-directive's
// `::leaf{attr=…}` and `:::container` … `:::` blocks. Pure (no file reading), so the app can
// parse on the server and tests can feed strings.
import type { Root, RootContent, Nodes, Text } from 'mdast';
import type {} from 'mdast-util-directive';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { lessonFrontMatterSchema, type LessonFrontMatter } from '../schemas/lesson';
import type { Problem } from '../problems';
import { parseYamlSource } from '../yaml-source';
import { validateYaml } from '../schema-problems';
import { checkDirective, type EmbeddedDirective } from './directives';
import { headingSlugger } from './slug';

export const MARKDOWN_LIMITS = { maxBytes: 256 * 1024 } as const;

export interface Heading {
  depth: number;
  text: string;
  line: number;
  /** its anchor on the page (./slug): a link to it is `#<slug>` */
  slug: string;
}

export interface CodeBlock {
  lang: string | null;
  value: string;
  line: number;
}

export interface ParsedLesson {
  file: string;
  frontMatter: LessonFrontMatter | undefined;
  tree: Root;
  headings: Heading[];
  directives: EmbeddedDirective[];
  codeBlocks: CodeBlock[];
  /** problems found in this file alone (targets of directives are checked by the loader) */
  problems: Problem[];
}

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective);

const textProcessor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/**
 * A Markdown text inside YAML (a question's prompt, an option's feedback): inline Markdown
 * only. Returns the tree and what is not allowed there (raw HTML, directives).
 */
export function parseMarkdownText(md: string): { tree: Root; refused: string[] } {
  const tree = textProcessor.parse(md);
  restoreTextDirectives(tree, md);
  const refused: string[] = [];
  walk(tree, (node) => {
    if (node.type === 'html') refused.push(`raw HTML (${abbreviate(node.value)})`);
    if (node.type === 'leafDirective' || node.type === 'containerDirective') refused.push(`the directive '${node.name}'`);
  });
  return { tree, refused };
}

export function parseLessonSource(source: string, file: string): ParsedLesson {
  const problems: Problem[] = [];
  if (source.length > MARKDOWN_LIMITS.maxBytes) {
    problems.push({ file, message: `the lesson is larger than ${MARKDOWN_LIMITS.maxBytes / 1024} KiB; split it` });
  }
  const tree = processor.parse(source);
  restoreTextDirectives(tree, source);

  const result: ParsedLesson = {
    file,
    frontMatter: undefined,
    tree,
    headings: [],
    directives: [],
    codeBlocks: [],
    problems,
  };

  const first = tree.children[0];
  if (first?.type === 'yaml') {
    const yaml = parseYamlSource(first.value, file);
    if (!yaml.ok) problems.push(...yaml.problems.map((p) => ({ ...p, line: (p.line ?? 0) + 1 })));
    else {
      const fm = validateYaml(lessonFrontMatterSchema, yaml.value, file, (path) => ({
        subject: 'front matter',
        rest: path,
      }));
      if (fm.ok) result.frontMatter = fm.value;
      else problems.push(...fm.problems.map((p) => ({ ...p, line: (p.line ?? 0) + 1 })));
    }
  } else {
    problems.push({
      file,
      line: 1,
      message: 'the lesson has no front matter; start the file with --- , title, summary, minutes, objectives, then ---',
    });
  }

  const lines = source.split('\n');
  const slugOf = headingSlugger();
  const htmlOnLine = new Map<number, { problem: Problem; tags: string[] }>();
  walk(tree, (node) => {
    const line = node.position?.start.line ?? 0;
    switch (node.type) {
      case 'paragraph': {
        // `::: text` is neither a fence nor a directive: the container above stays open and the colons show on the page
        for (let at = line; at <= (node.position?.end.line ?? line); at++) {
          const text = lines[at - 1] ?? '';
          if (/^\s*(?:>\s*)*:{3,}/.test(text)) {
            problems.push({ file, line: at, message: `'${abbreviate(text.trim())}' is not a directive: close a container with ::: alone on its line, and put the text on a line of its own` });
          }
        }
        break;
      }
      case 'html': {
        // one report per line naming every tag on it: `<b>x</b>` is one mistake, `<b>x</b> <br>` two
        const tag = abbreviate(node.value);
        let report = htmlOnLine.get(line);
        if (report === undefined) {
          report = { problem: { file, line, message: '' }, tags: [] };
          htmlOnLine.set(line, report);
          problems.push(report.problem);
        }
        if (!tag.startsWith('</') || report.tags.length === 0) report.tags.push(tag);
        report.problem.message = `raw HTML is not allowed (${report.tags.join(', ')}); use Markdown, a directive such as :::note, or put markup in \`inline code\``;
        break;
      }
      case 'heading':
        // the lesson page shows the front-matter title as its one H1
        if (node.depth === 1) problems.push({ file, line, message: `'# ${abbreviate(plainText(node))}' is a second top-level heading: the page already shows the front matter's title as the lesson's heading; remove it, or make it ## to start a section` });
        result.headings.push({ depth: node.depth, text: plainText(node), line, slug: slugOf(plainText(node)) });
        break;
      case 'text': {
        // `Also: ::lab{id=x} here` is no directive: a leaf directive stands alone on its line, or the page shows its text
        const inline = /(?<!:):{2,3}([A-Za-z][\w-]*)\{[^}\n]*\}?/.exec(node.value);
        if (inline) {
          problems.push({ file, line, message: `'${abbreviate(inline[0])}' is inside a paragraph, so the page shows it as text; put ::${inline[1]}{…} on a line of its own, with a blank line before and after it` });
        }
        // emphasis Markdown did not take: `**쿼럼(quorum)**은` (a closing run after punctuation
        // and before a letter does not close, CommonMark's flanking rule) shows its asterisks
        if (/\*\*|\*[^\s*][^*]*\*/.test(node.value)) {
          problems.push({
            file,
            line,
            message: `'${abbreviate(node.value.slice(Math.max(0, node.value.indexOf('*') - 10)))}' shows its asterisks: Markdown did not read this emphasis (a closing ** after punctuation needs a space or punctuation after it; write **쿼럼**(quorum)은, not **쿼럼(quorum)**은)`,
          });
        }
        break;
      }
      case 'code':
        result.codeBlocks.push({ lang: node.lang ?? null, value: node.value, line });
        break;
      case 'leafDirective':
      case 'containerDirective':
      case 'textDirective': {
        if (node.type === 'containerDirective') problems.push(...containerProblems(node, lines, file));
        const checked = checkDirective(node, file);
        if (checked.ok) result.directives.push(checked.value);
        else problems.push(...checked.problems);
        break;
      }
      default:
        break;
    }
  });
  return result;
}

/** A container that never closes runs to the end of the file; one inside another nests boxes. */
function containerProblems(node: Nodes & { type: 'containerDirective' }, lines: readonly string[], file: string): Problem[] {
  const line = node.position?.start.line ?? 0;
  const end = node.position?.end.line ?? 0;
  const out: Problem[] = [];
  // the closing fence alone on its line (after a blockquote's `>` markers, inside one)
  if (end === line || !/^\s*(?:>\s*)*:{3,}\s*$/.test(lines[end - 1] ?? '')) {
    out.push({ file, line, message: `:::${node.name} is never closed; end it with ::: alone on its line` });
  }
  if (node.children.some((c) => c.type === 'containerDirective')) {
    out.push({ file, line, message: `:::${node.name} contains another container; close it with ::: before the next one opens` });
  }
  return out;
}

/**
 * remark-directive reads `10:30` or `key:value` in prose as a text directive `:30`. Lessons
 * use no text directives, so put such text back exactly as written.
 */
function restoreTextDirectives(node: Nodes, source: string): void {
  if (!('children' in node)) return;
  const children = node.children as Nodes[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === 'textDirective' && child.position?.start.offset !== undefined && child.position.end.offset !== undefined) {
      const text: Text = {
        type: 'text',
        value: source.slice(child.position.start.offset, child.position.end.offset),
        position: child.position,
      };
      children[i] = text;
    } else restoreTextDirectives(child, source);
  }
  // merge neighbouring text nodes so "At 10" ":30" " we" reads as one text again
  for (let i = children.length - 1; i > 0; i--) {
    const a = children[i - 1]!;
    const b = children[i]!;
    if (a.type === 'text' && b.type === 'text') {
      a.value += b.value;
      if (a.position && b.position) a.position = { start: a.position.start, end: b.position.end };
      children.splice(i, 1);
    }
  }
}

export function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children as RootContent[]) walk(child, visit);
}

export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}

function abbreviate(html: string): string {
  const one = html.replace(/\s+/g, ' ').trim();
  return one.length > 40 ? `${one.slice(0, 37)}...` : one;
}
