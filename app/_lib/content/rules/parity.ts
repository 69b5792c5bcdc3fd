// The Korean and English versions of a lesson must have the same skeleton: the same
// headings by depth, the same directives with the same attributes in the same order and
// the same code blocks (comments may be translated). A learner switching language keeps
// their place, and the embedded simulations and quizzes are the same ones.
import { directiveAttributes } from '../markdown/directives';
import type { ParsedLesson } from '../markdown/parse';
import type { Problem } from '../problems';
import type { LocalizedText, Question } from '../schemas';

interface Landmark {
  key: string;
  label: string;
  line: number;
}

export function checkLessonParity(ko: ParsedLesson, en: ParsedLesson): Problem[] {
  const problems: Problem[] = [];
  const kinds: [string, (l: ParsedLesson) => Landmark[]][] = [
    ['headings', headings],
    ['directives', directives],
    ['code blocks', codeBlocks],
  ];
  for (const [, landmarks] of kinds) {
    const a = landmarks(ko);
    const b = landmarks(en);
    for (const step of diff(a, b)) {
      if (step.op === 'only-a') {
        problems.push({
          file: en.file,
          subject: 'ko/en structure',
          message: `${step.item.label} (${ko.file}:${step.item.line}) has no counterpart in the English file; add it at the same place or remove it from the Korean one`,
        });
      } else {
        problems.push({
          file: ko.file,
          subject: 'ko/en structure',
          message: `${step.item.label} (${en.file}:${step.item.line}) has no counterpart in the Korean file; add it at the same place or remove it from the English one`,
        });
      }
    }
  }
  return problems;
}

function headings(l: ParsedLesson): Landmark[] {
  return l.headings.map((h) => ({ key: `h${h.depth}`, label: `a level-${h.depth} heading "${h.text}"`, line: h.line }));
}

function directives(l: ParsedLesson): Landmark[] {
  return l.directives.map((d) => {
    const attrs = Object.entries(directiveAttributes(d))
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const shown = d.name === 'note' || d.name === 'warning' ? `:::${d.name}` : `::${d.name}{${attrs}}`;
    return { key: shown, label: `the directive ${shown}`, line: d.line };
  });
}

function codeBlocks(l: ParsedLesson): Landmark[] {
  return l.codeBlocks.map((c) => ({
    key: `${c.lang ?? ''}\n${withoutComments(c.value)}`,
    label: `a ${c.lang ?? 'plain'} code block starting "${firstLine(c.value)}"`,
    line: c.line,
  }));
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

type Step = { op: 'only-a' | 'only-b'; item: Landmark };

/** The landmarks one side has and the other lacks, by longest common subsequence. */
function diff(a: Landmark[], b: Landmark[]): Step[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i]!.key === b[j]!.key ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i]!.key === b[j]!.key) {
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) steps.push({ op: 'only-a', item: a[i++]! });
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
