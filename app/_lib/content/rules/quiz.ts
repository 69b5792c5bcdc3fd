// Rules a quiz must follow beyond its shape: the mistakes a schema cannot see but a
// learner would (two right answers in a single-choice question, a distractor that reads
// exactly like the answer, a classify item in a bucket that does not exist).
import type { LoadedQuiz } from '../content-set';
import type { Problem } from '../problems';
import type { ChoiceOption, LocalizedText, Question } from '../schemas';
import { normaliseShortAnswer } from '../grading/short';
import { parseMarkdownText } from '../markdown/parse';
import { fieldName } from '../schema-problems';

export interface QuizRuleContext {
  lessonId: string;
  misconceptions: ReadonlySet<string>;
  misconceptionsFile: string;
}

export function checkQuiz(loaded: LoadedQuiz, ctx: QuizRuleContext): Problem[] {
  const { quiz, file } = loaded;
  const problems: Problem[] = [];
  if (quiz.id !== ctx.lessonId) {
    problems.push({
      file,
      line: loaded.lineOf(['id']),
      subject: `quiz '${quiz.id}'`,
      message: `the quiz id must equal the lesson id '${ctx.lessonId}'; write id: ${ctx.lessonId}`,
    });
  }
  quiz.questions.forEach((q, i) => {
    const report = (path: readonly PropertyKey[], message: string) =>
      problems.push({
        file,
        line: loaded.lineOf(['questions', i, ...path]),
        subject: `quiz '${quiz.id}' question '${q.id}'`,
        message,
      });
    checkTags(q.tags, ['tags'], report, ctx);
    checkQuestion(q, report, ctx);
    for (const [path, text] of localizedTexts(q)) {
      for (const locale of ['ko', 'en'] as const) {
        for (const what of parseMarkdownText(text[locale]).refused) {
          report([...path, locale], `'${fieldName([...path, locale])}' contains ${what}; question texts allow inline Markdown only (\`code\`, *emphasis*, links)`);
        }
      }
    }
  });
  return problems;
}

type Report = (path: readonly PropertyKey[], message: string) => void;

function checkQuestion(q: Question, report: Report, ctx: QuizRuleContext): void {
  switch (q.type) {
    case 'single':
    case 'predict':
    case 'multiple':
      checkOptions(q.type, q.options, report, ctx);
      if (q.type === 'predict') checkPredict(q.options, report);
      return;
    case 'ordering':
      duplicates(q.items.map((it) => it.id)).forEach((id) => report(['items'], `two items have the id '${id}'; item ids must be unique`));
      sameTexts(q.items.map((it) => ({ id: it.id, text: it.text }))).forEach(([a, b]) =>
        report(['items'], `items '${a}' and '${b}' have the same text; the learner cannot tell them apart`),
      );
      return;
    case 'numeric':
      for (const [j, c] of (q.common ?? []).entries()) {
        if (Math.abs(c.value - q.answer) <= q.tolerance) {
          report(['common', j], `the common wrong answer ${c.value} lies within the tolerance of the answer ${q.answer} ± ${q.tolerance}, so it would be graded correct; remove it or narrow the tolerance`);
        }
      }
      duplicates((q.common ?? []).map((c) => String(c.value))).forEach((v) => report(['common'], `the common wrong answer ${v} is listed twice`));
      return;
    case 'short': {
      const forms = q.accepted.map((a) => normaliseShortAnswer(a, q.caseSensitive));
      duplicates(forms).forEach((f) => report(['accepted'], `the accepted answer '${f}' is listed twice (after trimming${q.caseSensitive ? '' : ' and ignoring case'}); keep one`));
      // the explanation may give the answer; the feedback to a wrong try is a hint (./reveal)
      for (const locale of ['ko', 'en'] as const) {
        const feedback = normaliseShortAnswer(q.feedback.incorrect[locale], false);
        const given = q.accepted.find((a) => containsWord(feedback, normaliseShortAnswer(a, false)));
        if (given !== undefined) {
          report(['feedback', 'incorrect', locale], `the feedback to a wrong answer contains the accepted answer '${given}'; a wrong try should get a hint, and the explanation (shown later) can give the answer`);
        }
      }
      if (q.nearMiss?.case && !q.caseSensitive) {
        report(['nearMiss', 'case'], 'nearMiss.case is never shown: case is ignored unless the question sets caseSensitive: true; set it or remove nearMiss.case');
      }
      return;
    }
    case 'classify': {
      const buckets = new Set(q.buckets.map((b) => b.id));
      duplicates(q.buckets.map((b) => b.id)).forEach((id) => report(['buckets'], `two buckets have the id '${id}'; bucket ids must be unique`));
      duplicates(q.items.map((it) => it.id)).forEach((id) => report(['items'], `two items have the id '${id}'; item ids must be unique`));
      q.items.forEach((it, j) => {
        if (!buckets.has(it.bucket)) {
          report(['items', j, 'bucket'], `item '${it.id}' names the bucket '${it.bucket}', which does not exist; use one of ${[...buckets].map((b) => `'${b}'`).join(', ')}`);
        }
      });
      for (const b of q.buckets) {
        if (!q.items.some((it) => it.bucket === b.id)) report(['buckets'], `no item belongs in bucket '${b.id}'; add an item or remove the bucket`);
      }
      return;
    }
    case 'truefalse':
      // the card already names the type (and marks the answers O and X in Korean)
      if ([q.prompt.ko, q.prompt.en].some((prompt) => /^\s*(O\s*\/\s*X|true or false)\s*[:：]/i.test(prompt))) {
        report(['prompt'], "the prompt starts with 'O/X:' or 'True or false:', which the question card already says; start with the statement itself");
      }
      return;
  }
}

function checkOptions(type: 'single' | 'multiple' | 'predict', options: ChoiceOption[], report: Report, ctx: QuizRuleContext): void {
  duplicates(options.map((o) => o.id)).forEach((id) => report(['options'], `two options have the id '${id}'; option ids must be unique`));
  const correct = options.filter((o) => o.correct);
  const kind = type === 'single' ? 'single-choice' : type === 'predict' ? 'predict' : 'multiple-choice';
  if (correct.length === 0) report(['options'], `no option is marked correct: true; mark the right answer`);
  if (type !== 'multiple' && correct.length > 1) {
    report(
      ['options'],
      `${kind} question has ${correct.length} correct options (${correct.map((o) => `'${o.id}'`).join(', ')}); keep exactly one${type === 'single' ? ', or use type: multiple' : ''}`,
    );
  }
  if (type === 'multiple' && correct.length === options.length) {
    report(['options'], 'every option is correct; add at least one wrong option (a plausible misconception)');
  }
  for (const c of correct) {
    for (const [j, o] of options.entries()) {
      if (o.correct || o.id === c.id) continue;
      const lang = sameText(o.text, c.text);
      if (lang) report(['options', j, 'text'], `option '${o.id}' has the same text as the correct answer '${c.id}' (${lang}); make the distractor different`);
    }
  }
  sameTexts(options.filter((o) => !o.correct)).forEach(([a, b]) =>
    report(['options'], `options '${a}' and '${b}' have the same text; every option must be different`),
  );
  options.forEach((o, j) => {
    if (o.tags) checkTags(o.tags, ['options', j, 'tags'], report, ctx);
    if (sameText(o.feedback, o.text)) report(['options', j, 'feedback'], `option '${o.id}': the feedback repeats the option; say why it is right or wrong`);
  });
}

function checkPredict(options: (ChoiceOption & { matches: string })[], report: Report): void {
  options.forEach((o, j) => {
    try {
      new RegExp(o.matches, 'm');
    } catch (e) {
      report(['options', j, 'matches'], `option '${o.id}': matches is not a valid regular expression (${e instanceof Error ? e.message : String(e)})`);
    }
  });
}

function checkTags(tags: string[], path: readonly PropertyKey[], report: Report, ctx: QuizRuleContext): void {
  tags.forEach((t, k) => {
    if (!ctx.misconceptions.has(t)) {
      report([...path, k], `the tag '${t}' is not in ${ctx.misconceptionsFile}; use a listed tag or add it there with a description in both languages`);
    }
  });
  duplicates(tags).forEach((t) => report(path, `the tag '${t}' is listed twice`));
}

/** Every { ko, en } text inside a question, with its path. */
export function localizedTexts(value: unknown, path: PropertyKey[] = []): [PropertyKey[], LocalizedText][] {
  if (value === null || typeof value !== 'object') return [];
  const v = value as Record<string, unknown>;
  if (typeof v.ko === 'string' && typeof v.en === 'string') return [[path, { ko: v.ko, en: v.en }]];
  return Object.entries(value).flatMap(([k, child]) => localizedTexts(child, [...path, Array.isArray(value) ? Number(k) : k]));
}

/** `word` in `text` as a whole name, not inside a longer one (`apiserver` in `kube-apiserver-2`); a full stop or a Korean particle may follow it. */
function containsWord(text: string, word: string): boolean {
  if (word === '') return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}_./-])${escaped}(?![\\p{Script=Latin}\\p{N}_/-]|\\.[\\p{L}\\p{N}])`, 'u').test(text);
}

export function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

function norm(s: string): string {
  return s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** 'ko' / 'en' / 'ko and en' when the texts are equal in that language, else undefined */
function sameText(a: LocalizedText, b: LocalizedText): string | undefined {
  const ko = norm(a.ko) === norm(b.ko);
  const en = norm(a.en) === norm(b.en);
  return ko && en ? 'ko and en' : ko ? 'ko' : en ? 'en' : undefined;
}

function sameTexts(items: { id: string; text: LocalizedText }[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) if (sameText(items[i]!.text, items[j]!.text)) out.push([items[i]!.id, items[j]!.id]);
  return out;
}
