// What learners chose, per question: the instructor's view of "per option" correctness
// (../shared/DESIGN.md §4). The input is a groupBy over the stored response text, so each
// distinct answer is parsed once however many learners gave it. Stored rows are parsed
// defensively: a row that is not JSON, fails the response schema or does not fit the
// question as it is now (another type, an option id the content no longer has) is counted
// as unreadable instead of being guessed at or crashing the page.
import { normaliseShortAnswer, responseSchema, type QuestionResponse } from '../content/grading';
import { parseMarkdownText, plainText } from '../content/markdown';
import type { LocalizedText, Locale, Question } from '../content/schemas';

export interface ResponseGroup {
  /** QuizAttempt.response: JSON text as stored */
  response: string;
  /** the server's grade stored with the attempt */
  correct: boolean;
  count: number;
}

export interface AnswerRow {
  key: string;
  label: string;
  /** whether this choice is right; null when the choice alone does not say (an ordering, a number) */
  correct: boolean | null;
  count: number;
}

export interface AnswerTally {
  rows: AnswerRow[];
  /** answers outside the rows shown (free answers beyond the most common) */
  other: number;
  /** stored answers that could not be read against the question */
  unreadable: number;
  /** all answers counted, unreadable included */
  responses: number;
}

export interface AnswerWords {
  true: string;
  false: string;
}

/** Free answers (numbers, short texts, orderings) show this many of the most common. */
export const TOP_FREE_ANSWERS = 8;

type Choice = Omit<AnswerRow, 'count'>;

// Option texts are Markdown; parsing one costs far more than counting, and the same
// option is labelled once per distinct answer, so the plain text is kept per text object.
const plainTexts = new WeakMap<LocalizedText, Partial<Record<Locale, string>>>();

export function textOf(text: LocalizedText, locale: Locale): string {
  let cached = plainTexts.get(text);
  if (!cached) plainTexts.set(text, (cached = {}));
  return (cached[locale] ??= plainText(parseMarkdownText(text[locale]).tree));
}

export function readResponse(json: string): QuestionResponse | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = responseSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The choices one answer made, or undefined when it does not fit the question. */
function choicesOf(q: Question, r: QuestionResponse, storedCorrect: boolean, locale: Locale, words: AnswerWords): Choice[] | undefined {
  switch (q.type) {
    case 'single':
    case 'predict': {
      if (r.type !== q.type) return undefined;
      const option = q.options.find((o) => o.id === r.optionId);
      return option ? [{ key: option.id, label: textOf(option.text, locale), correct: option.correct }] : undefined;
    }
    case 'multiple': {
      if (r.type !== 'multiple') return undefined;
      const options = [...new Set(r.optionIds)].map((id) => q.options.find((o) => o.id === id));
      if (options.some((o) => o === undefined)) return undefined;
      return options.map((o) => ({ key: o!.id, label: textOf(o!.text, locale), correct: o!.correct }));
    }
    case 'truefalse':
      if (r.type !== 'truefalse') return undefined;
      return [{ key: String(r.answer), label: r.answer ? words.true : words.false, correct: r.answer === q.answer }];
    case 'numeric': {
      if (r.type !== 'numeric') return undefined;
      const unit = q.unit ? ` ${q.unit[locale]}` : '';
      return [{ key: String(r.value), label: `${r.value}${unit}`, correct: storedCorrect }];
    }
    case 'short': {
      if (r.type !== 'short') return undefined;
      const text = normaliseShortAnswer(r.text, q.caseSensitive);
      return [{ key: text, label: text === '' ? '∅' : text, correct: storedCorrect }];
    }
    case 'ordering': {
      if (r.type !== 'ordering') return undefined;
      const items = r.itemIds.map((id) => q.items.find((i) => i.id === id));
      if (items.some((i) => i === undefined)) return undefined;
      return [{ key: r.itemIds.join(','), label: items.map((i) => textOf(i!.text, locale)).join(' → '), correct: storedCorrect }];
    }
    case 'classify': {
      if (r.type !== 'classify') return undefined;
      const choices: Choice[] = [];
      for (const item of q.items) {
        const bucketId = r.placements[item.id];
        if (bucketId === undefined) continue;
        const bucket = q.buckets.find((b) => b.id === bucketId);
        if (!bucket) return undefined;
        choices.push({ key: `${item.id}:${bucket.id}`, label: `${textOf(item.text, locale)} → ${textOf(bucket.label, locale)}`, correct: item.bucket === bucket.id });
      }
      const known = new Set(q.items.map((i) => i.id));
      return Object.keys(r.placements).every((id) => known.has(id)) ? choices : undefined;
    }
  }
}

/** Every choice the content offers, in its order, so options nobody picked show as 0. */
function offeredChoices(q: Question, locale: Locale, words: AnswerWords): Choice[] {
  switch (q.type) {
    case 'single':
    case 'multiple':
    case 'predict':
      return q.options.map((o) => ({ key: o.id, label: textOf(o.text, locale), correct: o.correct }));
    case 'truefalse':
      return [
        { key: 'true', label: words.true, correct: q.answer === true },
        { key: 'false', label: words.false, correct: q.answer === false },
      ];
    default:
      return [];
  }
}

export function tallyAnswers(q: Question, groups: readonly ResponseGroup[], locale: Locale, words: AnswerWords): AnswerTally {
  const rows = new Map<string, AnswerRow>(offeredChoices(q, locale, words).map((c) => [c.key, { ...c, count: 0 }]));
  let unreadable = 0;
  let responses = 0;
  for (const g of groups) {
    responses += g.count;
    const parsed = readResponse(g.response);
    const choices = parsed ? choicesOf(q, parsed, g.correct, locale, words) : undefined;
    if (!choices) {
      unreadable += g.count;
      continue;
    }
    for (const c of choices) {
      const row = rows.get(c.key);
      if (row) row.count += g.count;
      else rows.set(c.key, { ...c, count: g.count });
    }
  }
  const all = [...rows.values()];
  if (q.type === 'single' || q.type === 'multiple' || q.type === 'predict' || q.type === 'truefalse') {
    return { rows: all, other: 0, unreadable, responses };
  }
  if (q.type === 'classify') {
    const itemOrder = new Map(q.items.map((it, i) => [it.id, i]));
    const bucketOrder = new Map(q.buckets.map((b, i) => [b.id, i]));
    const rank = (key: string) => {
      const [item = '', bucket = ''] = key.split(':');
      return (itemOrder.get(item) ?? 0) * 1000 + (bucketOrder.get(bucket) ?? 0);
    };
    return { rows: all.sort((a, b) => rank(a.key) - rank(b.key)), other: 0, unreadable, responses };
  }
  // free answers: the most common first; ties in a stable, locale-independent order
  all.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const shown = all.slice(0, TOP_FREE_ANSWERS);
  const other = all.slice(TOP_FREE_ANSWERS).reduce((n, r) => n + r.count, 0);
  return { rows: shown, other, unreadable, responses };
}

export interface TagGroup {
  /** QuizAttempt.misconceptions: JSON array of tags as stored */
  misconceptions: string;
  count: number;
}

export interface TagTally {
  tags: { tag: string; count: number }[];
  unreadable: number;
}

/** How often each misconception tag was revealed, most frequent first. */
export function tallyMisconceptions(groups: readonly TagGroup[]): TagTally {
  const counts = new Map<string, number>();
  let unreadable = 0;
  for (const g of groups) {
    const tags = readTags(g.misconceptions);
    if (!tags) {
      unreadable += g.count;
      continue;
    }
    for (const tag of new Set(tags)) counts.set(tag, (counts.get(tag) ?? 0) + g.count);
  }
  const tags = [...counts].map(([tag, count]) => ({ tag, count }));
  tags.sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
  return { tags, unreadable };
}

function readTags(json: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((t) => typeof t === 'string') ? (value as string[]) : undefined;
  } catch {
    return undefined;
  }
}
