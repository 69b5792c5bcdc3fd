// The Korean and English versions of a lesson must have the same skeleton: the same
// headings by depth, the same directives with the same attributes in the same order and
// the same code blocks (comments may be translated). A learner switching language keeps
// their place, and the embedded simulations and quizzes are the same ones.
import { directiveAttributes } from '../markdown/directives';
import type { ParsedLesson } from '../markdown/parse';
import type { Problem } from '../problems';
import type { LocalizedText, Question } from '../schemas';

interface Landmark {
  kind: 'heading' | 'directive' | 'code';
  /** what must be equal in both files: a heading's depth, a directive with its attributes, a code block's language and code */
  key: string;
  label: string;
  line: number;
  /** a heading's untranslated words (Raft, WAL, etcd-3, 5) that help tell which heading is which */
  words?: Set<string>;
  /** lines from it to the next landmark, and from the one before: sections are about as long in both languages (a missing heading changes one of the two) */
  span?: number;
  before?: number;
  /** a code block's language and code without comments, to tell "the language differs" from "missing" */
  lang?: string | null;
  code?: string;
}

/**
 * One sequence of landmarks per file, in document order, aligned so the most (and the most
 * alike) landmarks pair up: a heading pairs only with one of the same depth, preferring one
 * with the same untranslated words, and the directives and code blocks around it anchor the
 * alignment, so the message names the heading that is missing, not a later one.
 */
export function checkLessonParity(ko: ParsedLesson, en: ParsedLesson): Problem[] {
  const problems: Problem[] = [];
  const a = landmarks(ko);
  const b = landmarks(en);
  const steps = align(a, b);
  const lastPair = (k: number, side: 'a' | 'b'): Landmark | undefined => {
    for (let i = k - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (s.op === 'pair') return side === 'a' ? s.a : s.b;
    }
    return undefined;
  };
  const where = (k: number, side: 'a' | 'b', file: string): string => {
    const before = lastPair(k, side);
    return before === undefined ? `near the top of ${file}` : `after ${file}:${before.line}`;
  };
  steps.forEach((step, k) => {
    if (step.op === 'only-a') {
      problems.push({
        file: en.file,
        subject: 'ko/en structure',
        message: `${step.item.label} (${ko.file}:${step.item.line}) has no counterpart in the English file; add it at the same place (${where(k, 'b', en.file)}) or remove it from the Korean one`,
      });
    } else if (step.op === 'only-b') {
      problems.push({
        file: ko.file,
        subject: 'ko/en structure',
        message: `${step.item.label} (${en.file}:${step.item.line}) has no counterpart in the Korean file; add it at the same place (${where(k, 'a', ko.file)}) or remove it from the English one`,
      });
    } else if (step.a.kind === 'code' && step.a.lang !== step.b.lang) {
      problems.push({
        file: en.file,
        line: step.b.line,
        subject: 'ko/en structure',
        message: `the code block starting "${firstLine(step.b.code ?? '')}" is ${langName(step.b.lang)} here but ${langName(step.a.lang)} in ${ko.file}:${step.a.line}; give both the same language`,
      });
    }
  });
  return problems;
}

function landmarks(l: ParsedLesson): Landmark[] {
  const all = [...headings(l), ...directives(l), ...codeBlocks(l)].sort((x, y) => x.line - y.line);
  const end = (l.tree.position?.end.line ?? 0) + 1;
  all.forEach((x, i) => {
    x.span = (all[i + 1]?.line ?? end) - x.line;
    x.before = x.line - (all[i - 1]?.line ?? 0);
  });
  return all;
}

function headings(l: ParsedLesson): Landmark[] {
  return l.headings.map((h) => ({
    kind: 'heading',
    key: `h${h.depth}`,
    label: `a level-${h.depth} heading "${h.text}"`,
    line: h.line,
    // `term` and `terms` are one word here: a Korean heading keeps the singular
    words: new Set([...h.text.matchAll(/[A-Za-z0-9][A-Za-z0-9._-]*/g)].map((m) => m[0].toLowerCase().replace(/(?<=[a-z]{3})s$/, ''))),
  }));
}

function directives(l: ParsedLesson): Landmark[] {
  return l.directives.map((d) => {
    const attrs = Object.entries(directiveAttributes(d))
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const shown = d.name === 'note' || d.name === 'warning' ? `:::${d.name}` : `::${d.name}{${attrs}}`;
    return { kind: 'directive', key: shown, label: `the directive ${shown}`, line: d.line };
  });
}

function codeBlocks(l: ParsedLesson): Landmark[] {
  return l.codeBlocks.map((c) => ({
    kind: 'code',
    key: `${c.lang ?? ''}\n${withoutComments(c.value)}`,
    label: `a ${langName(c.lang)} code block starting "${firstLine(c.value)}"`,
    line: c.line,
    lang: c.lang,
    code: withoutComments(c.value),
  }));
}

function langName(lang: string | null | undefined): string {
  return lang ?? 'plain';
}

/** Comment lines may be translated; everything else in a code block must be identical. */
export function withoutComments(code: string): string {
  return code
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').replace(/\s+\/\/\s.*$/, '').trimEnd())
    .filter((line) => !/^\s*(#|\/\/)/.test(line) && line !== '')
    .join('\n');
}

function firstLine(code: string): string {
  const l = code.split('\n')[0] ?? '';
  return l.length > 40 ? `${l.slice(0, 37)}...` : l;
}

type Step = { op: 'only-a'; item: Landmark } | { op: 'only-b'; item: Landmark } | { op: 'pair'; a: Landmark; b: Landmark };

/**
 * How well a[i] and b[j] pair up; 0 when they cannot. Directives and identical code anchor
 * the alignment; a heading prefers the one with the same untranslated words, then the one
 * whose sections around it (the lines from the landmark before and to the one after) are about as long.
 */
function pairScore(a: Landmark[], i: number, b: Landmark[], j: number): number {
  const x = a[i]!;
  const y = b[j]!;
  if (x.kind !== y.kind) return 0;
  if (x.kind === 'heading') {
    if (x.key !== y.key) return 0;
    let shared = 0;
    for (const w of x.words ?? []) if (y.words?.has(w)) shared++;
    return 2 + shared + 0.25 * ratio(x.span, y.span) + 0.25 * ratio(x.before, y.before);
  }
  if (x.key === y.key) return 4;
  // the same code in another language: one block whose language differs, not two missing ones
  return x.kind === 'code' && x.code === y.code && x.code !== '' ? 3 : 0;
}

function ratio(p = 0, q = 0): number {
  return Math.max(p, q) === 0 ? 0 : Math.min(p, q) / Math.max(p, q);
}

/** A maximum-score alignment (a weighted longest common subsequence) of the two files' landmarks. */
function align(a: Landmark[], b: Landmark[]): Step[] {
  const n = a.length;
  const m = b.length;
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const pair = pairScore(a, i, b, j);
      best[i]![j] = Math.max(best[i + 1]![j]!, best[i]![j + 1]!, pair > 0 ? pair + best[i + 1]![j + 1]! : 0);
    }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const pair = i < n && j < m ? pairScore(a, i, b, j) : 0;
    if (pair > 0 && best[i]![j] === pair + best[i + 1]![j + 1]!) steps.push({ op: 'pair', a: a[i++]!, b: b[j++]! });
    else if (j >= m || (i < n && best[i + 1]![j]! >= best[i]![j + 1]!)) steps.push({ op: 'only-a', item: a[i++]! });
    else steps.push({ op: 'only-b', item: b[j++]! });
  }
  return steps;
}

/**
 * A question keeps both languages side by side, so its options, items and buckets are
 * shared by construction. What can still drift is the text: inline `code` (commands,
 * keys, field names) must be the same in ko and en.
 */
export function checkQuestionParity(q: Question): { path: PropertyKey[]; message: string }[] {
  const out: { path: PropertyKey[]; message: string }[] = [];
  const texts: [PropertyKey[], LocalizedText][] = [
    [['prompt'], q.prompt],
    [['explanation'], q.explanation],
  ];
  if ('options' in q) q.options.forEach((o, i) => texts.push([['options', i, 'text'], o.text]));
  if ('items' in q) q.items.forEach((it, i) => texts.push([['items', i, 'text'], it.text]));
  for (const [path, text] of texts) {
    const ko = inlineCode(text.ko);
    const en = inlineCode(text.en);
    if (ko.join('\u0000') !== en.join('\u0000')) {
      out.push({
        path,
        message: `'${path.join('.')}': the inline code differs between ko (${show(ko)}) and en (${show(en)}); commands, keys and field names must be the same in both languages`,
      });
    }
  }
  return out;
}

function inlineCode(md: string): string[] {
  // placeholders such as <name> / <이름> are translated on purpose; compare them as <>
  return [...md.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/<[^<>\s]+>/g, '<>')).sort();
}

function show(codes: string[]): string {
  return codes.length === 0 ? 'none' : codes.map((c) => `\`${c}\``).join(', ');
}
