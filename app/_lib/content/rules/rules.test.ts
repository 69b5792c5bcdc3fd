import { describe, expect, it } from 'vitest';
import type { LoadedQuiz } from '../content-set';
import { parseLessonSource } from '../markdown/parse';
import { formatProblem } from '../problems';
import { quizSchema } from '../schemas/quiz';
import { checkLessonLanguage } from './language';
import { checkLessonParity, checkQuestionParity, withoutComments } from './parity';
import { checkQuiz } from './quiz';

const t = (en: string, ko = `${en} (ko)`) => ({ ko, en });
const base = (id: string) => ({ id, tags: ['quorum-is-half'], prompt: t('prompt'), explanation: t('explanation') });

function quizProblems(questions: unknown[]): string[] {
  const quiz = quizSchema.parse({ id: 'raft', questions });
  const loaded: LoadedQuiz = { file: 'quiz.yaml', quiz, lineOf: () => undefined };
  return checkQuiz(loaded, { lessonId: 'raft', misconceptions: new Set(['quorum-is-half']), misconceptionsFile: 'content/misconceptions.yaml' }).map(formatProblem);
}

const opt = (id: string, text: string, correct = false) => ({ id, text: t(text), correct, feedback: t(`why ${id}`) });

describe('quiz rules', () => {
  it('a true/false prompt starts with the statement, not with the type the card already names', () => {
    const tf = (prompt: { ko: string; en: string }) => ({ ...base('pod-process'), prompt, type: 'truefalse', answer: false, feedback: { true: t('no'), false: t('yes') } });
    const message = "quiz.yaml: quiz 'raft' question 'pod-process': the prompt starts with 'O/X:' or 'True or false:', which the question card already says; start with the statement itself";
    expect(quizProblems([tf({ ko: 'O/X: Pod는 프로세스다.', en: 'A Pod is a process.' })])).toEqual([message]);
    expect(quizProblems([tf({ ko: 'Pod는 프로세스다.', en: 'True or false: a Pod is a process.' })])).toEqual([message]);
    // either prefix in either language (a Korean prompt copied from English, an English one written O/X)
    expect(quizProblems([tf({ ko: 'True or false: Pod는 프로세스다.', en: 'A Pod is a process.' })])).toEqual([message]);
    expect(quizProblems([tf({ ko: 'Pod는 프로세스다.', en: 'O/X: a Pod is a process.' })])).toEqual([message]);
    expect(quizProblems([tf({ ko: 'Pod는 프로세스다.', en: 'A Pod is a process.' })])).toEqual([]);
  });
  it('a near-miss feedback for case on a question that ignores case is never shown', () => {
    const short = (caseSensitive: boolean) => ({ ...base('namespace'), type: 'short', accepted: ['kube-node-lease'], caseSensitive, feedback: { correct: t('yes'), incorrect: t('no') }, nearMiss: { case: t('lowercase') } });
    expect(quizProblems([short(false)])).toEqual([
      "quiz.yaml: quiz 'raft' question 'namespace': nearMiss.case is never shown: case is ignored unless the question sets caseSensitive: true; set it or remove nearMiss.case",
    ]);
    expect(quizProblems([short(true)])).toEqual([]);
  });
  it('the feedback to a wrong short answer gives a hint, not the answer', () => {
    const short = (incorrect: { ko: string; en: string }) => ({ ...base('writer'), type: 'short', accepted: ['kube-apiserver', 'API 서버'], feedback: { correct: t('yes'), incorrect } });
    expect(quizProblems([short({ ko: '정답은 API 서버입니다.', en: 'The answer is kube-apiserver.' })])).toEqual([
      "quiz.yaml: quiz 'raft' question 'writer': the feedback to a wrong answer contains the accepted answer 'API 서버'; a wrong try should get a hint, and the explanation (shown later) can give the answer",
      "quiz.yaml: quiz 'raft' question 'writer': the feedback to a wrong answer contains the accepted answer 'kube-apiserver'; a wrong try should get a hint, and the explanation (shown later) can give the answer",
    ]);
    expect(quizProblems([short({ ko: '모든 컴포넌트가 요청을 보내는 곳은?', en: 'Not kube-apiserver-2: which one do all the others talk to?' })])).toEqual([]);
  });
  it('a clean question has no problems', () => {
    expect(quizProblems([{ ...base('quorum-of-five'), type: 'single', options: [opt('a', '3', true), opt('b', '2')] }])).toEqual([]);
  });
  it('single choice with two correct options, and a distractor equal to the answer', () => {
    expect(quizProblems([{ ...base('quorum-of-five'), type: 'single', options: [opt('a', '3', true), opt('b', '3'), opt('c', '5', true)] }])).toEqual([
      "quiz.yaml: quiz 'raft' question 'quorum-of-five': single-choice question has 2 correct options ('a', 'c'); keep exactly one, or use type: multiple",
      "quiz.yaml: quiz 'raft' question 'quorum-of-five': option 'b' has the same text as the correct answer 'a' (ko and en); make the distractor different",
    ]);
  });
  it('no correct option; multiple choice with every option correct; duplicate option ids', () => {
    expect(quizProblems([{ ...base('q'), type: 'single', options: [opt('a', '1'), opt('b', '2')] }])).toEqual([
      "quiz.yaml: quiz 'raft' question 'q': no option is marked correct: true; mark the right answer",
    ]);
    expect(quizProblems([{ ...base('q'), type: 'multiple', options: [opt('a', '1', true), opt('b', '2', true)] }])).toEqual([
      "quiz.yaml: quiz 'raft' question 'q': every option is correct; add at least one wrong option (a plausible misconception)",
    ]);
    expect(quizProblems([{ ...base('q'), type: 'single', options: [opt('a', '1', true), opt('a', '2')] }])).toEqual([
      "quiz.yaml: quiz 'raft' question 'q': two options have the id 'a'; option ids must be unique",
    ]);
  });
  it('a tag that is not in misconceptions.yaml, on the question or on an option', () => {
    expect(quizProblems([{ ...base('q'), tags: ['etcd-is-a-cache'], type: 'single', options: [opt('a', '1', true), { ...opt('b', '2'), tags: ['made-up'] }] }])).toEqual([
      "quiz.yaml: quiz 'raft' question 'q': the tag 'etcd-is-a-cache' is not in content/misconceptions.yaml; use a listed tag or add it there with a description in both languages",
      "quiz.yaml: quiz 'raft' question 'q': the tag 'made-up' is not in content/misconceptions.yaml; use a listed tag or add it there with a description in both languages",
    ]);
  });
  it('a classify item naming an unknown bucket, and an empty bucket', () => {
    expect(
      quizProblems([
        {
          ...base('sort'),
          type: 'classify',
          buckets: [{ id: 'object', label: t('Object') }, { id: 'process', label: t('Process') }],
          items: [
            { id: 'pod', text: t('Pod'), bucket: 'objects', feedback: t('f') },
            { id: 'kubelet', text: t('kubelet'), bucket: 'process', feedback: t('f') },
          ],
        },
      ]),
    ).toEqual([
      "quiz.yaml: quiz 'raft' question 'sort': item 'pod' names the bucket 'objects', which does not exist; use one of 'object', 'process'",
      "quiz.yaml: quiz 'raft' question 'sort': no item belongs in bucket 'object'; add an item or remove the bucket",
    ]);
  });
  it('a common wrong numeric answer inside the tolerance; duplicate short answers; a bad predict regex', () => {
    expect(
      quizProblems([
        { ...base('n'), type: 'numeric', answer: 3, tolerance: 0.5, feedback: { correct: t('y'), incorrect: t('n') }, common: [{ value: 2.5, feedback: t('half') }] },
        { ...base('s'), type: 'short', accepted: ['spec.nodeName', ' spec.nodename '], feedback: { correct: t('y'), incorrect: t('n') } },
        {
          ...base('p'),
          type: 'predict',
          scenario: 'x',
          run: ['etcdctl get foo'],
          observable: t('o'),
          options: [{ ...opt('a', 'ok', true), matches: '(' }, { ...opt('b', 'err'), matches: 'Error' }],
        },
      ]),
    ).toEqual([
      "quiz.yaml: quiz 'raft' question 'n': the common wrong answer 2.5 lies within the tolerance of the answer 3 ± 0.5, so it would be graded correct; remove it or narrow the tolerance",
      "quiz.yaml: quiz 'raft' question 's': the accepted answer 'spec.nodename' is listed twice (after trimming and ignoring case); keep one",
      "quiz.yaml: quiz 'raft' question 'p': option 'a': matches is not a valid regular expression (Invalid regular expression: /(/m: Unterminated group)",
    ]);
  });
  it('question texts allow inline Markdown but not raw HTML or directives', () => {
    expect(
      quizProblems([
        {
          ...base('q'),
          prompt: t('Run `kubectl get <pods>` and **look**', '`kubectl get <pods>`를 실행하고 **보세요**'),
          type: 'single',
          options: [{ ...opt('a', '1', true), feedback: t('Yes<br>really') }, { ...opt('b', '2'), text: { ko: '2', en: '::sim{scenario=x}' } }],
        },
      ]),
    ).toEqual([
      "quiz.yaml: quiz 'raft' question 'q': 'options[0].feedback.ko' contains raw HTML (<br>); question texts allow inline Markdown only (`code`, *emphasis*, links)",
      "quiz.yaml: quiz 'raft' question 'q': 'options[0].feedback.en' contains raw HTML (<br>); question texts allow inline Markdown only (`code`, *emphasis*, links)",
      "quiz.yaml: quiz 'raft' question 'q': 'options[1].text.en' contains the directive 'sim'; question texts allow inline Markdown only (`code`, *emphasis*, links)",
    ]);
  });

  it('the quiz id must be the lesson id', () => {
    const quiz = quizSchema.parse({ id: 'rafts', questions: [{ ...base('q'), type: 'truefalse', answer: true, feedback: { true: t('y'), false: t('n') } }] });
    expect(checkQuiz({ file: 'quiz.yaml', quiz, lineOf: () => 1 }, { lessonId: 'raft', misconceptions: new Set(['quorum-is-half']), misconceptionsFile: 'm.yaml' }).map(formatProblem)).toEqual([
      "quiz.yaml:1: quiz 'rafts': the quiz id must equal the lesson id 'raft'; write id: raft",
    ]);
  });
});

const fm = '---\ntitle: T\nsummary: S\nminutes: 5\nobjectives: [O]\n---\n';

describe('ko/en parity', () => {
  const parity = (ko: string, en: string) => checkLessonParity(parseLessonSource(fm + ko, 'ko.md'), parseLessonSource(fm + en, 'en.md')).map(formatProblem);
  it('translated text and comments are fine', () => {
    expect(parity('# 제목\n\n```sh\n# 키를 씁니다\netcdctl put a b  # 값 b\n```\n\n::sim{scenario=s}\n', '# Title\n\n```sh\n# write a key\netcdctl put a b  # value b\n```\n\n::sim{scenario=s}\n')).toEqual([]);
  });
  it('reports a missing heading, a different directive attribute and a changed code block, each once', () => {
    expect(
      parity(
        '# 제목\n\n## 해 보기\n\n::sim{scenario=s1}\n\n```sh\netcdctl put a b\n```\n',
        '# Title\n\n::sim{scenario=s2}\n\n```sh\netcdctl put a c\n```\n',
      ),
    ).toEqual([
      'en.md: ko/en structure: a level-2 heading "해 보기" (ko.md:9) has no counterpart in the English file; add it at the same place (after en.md:7) or remove it from the Korean one',
      'en.md: ko/en structure: the directive ::sim{scenario=s1} (ko.md:11) has no counterpart in the English file; add it at the same place (after en.md:7) or remove it from the Korean one',
      'en.md: ko/en structure: a sh code block starting "etcdctl put a b" (ko.md:13) has no counterpart in the English file; add it at the same place (after en.md:7) or remove it from the Korean one',
      'ko.md: ko/en structure: the directive ::sim{scenario=s2} (en.md:9) has no counterpart in the Korean file; add it at the same place (after ko.md:7) or remove it from the English one',
      'ko.md: ko/en structure: a sh code block starting "etcdctl put a c" (en.md:11) has no counterpart in the Korean file; add it at the same place (after ko.md:7) or remove it from the English one',
    ]);
  });
  it('names the heading actually missing among headings of the same depth, and where to add it', () => {
    const ko = '## 핵심 아이디어\n\n한 줄.\n\n## 역할과 term\n\n한 줄.\n\n## 로그 복제\n\n리더가\n항목을\n복제합니다.\n\n::sim{scenario=s}\n\n## WAL과 재시작\n\n## 정리\n';
    const en = '## The core idea\n\nOne line.\n\n## Roles and terms\n\nOne line.\n\n## Elections\n\nOne line.\n\n## Log replication\n\nThe leader\nreplicates\nentries.\n\n::sim{scenario=s}\n\n## WAL and restart\n\n## Summary\n';
    // before: the headings paired in order, and the last one ("Summary") was blamed
    expect(parity(ko, en)).toEqual([
      'ko.md: ko/en structure: a level-2 heading "Elections" (en.md:15) has no counterpart in the Korean file; add it at the same place (after ko.md:11) or remove it from the English one',
    ]);
    // the untranslated word tells which of two neighbouring headings is missing
    expect(parity('## 선거\n\n## WAL\n', '## Elections\n\n## Raft terms\n\n## WAL\n')).toEqual([
      'ko.md: ko/en structure: a level-2 heading "Raft terms" (en.md:9) has no counterpart in the Korean file; add it at the same place (after ko.md:7) or remove it from the English one',
    ]);
  });
  it('a code block in another language is one problem that says so', () => {
    expect(parity('## 해 보기\n\n```sh\n# 씁니다\netcdctl put a b\n```\n', '## Try it\n\n```bash\n# write\netcdctl put a b\n```\n')).toEqual([
      'en.md:9: ko/en structure: the code block starting "etcdctl put a b" is bash here but sh in ko.md:9; give both the same language',
    ]);
  });
  it('heading depth matters, order of directives matters', () => {
    expect(parity('# A\n', '## A\n')).toHaveLength(2);
    expect(parity('::sim{scenario=a}\n\n::quiz{id=q}\n', '::quiz{id=q}\n\n::sim{scenario=a}\n')).toHaveLength(2);
  });
  it('withoutComments keeps code but drops comment lines and trailing comments', () => {
    expect(withoutComments('# c\nkubectl get pods  # all\n// x\nfoo')).toBe('kubectl get pods\nfoo');
  });
  it('questions: inline code must be the same in ko and en; placeholders may be translated', () => {
    const q = quizSchema.parse({
      id: 'x',
      questions: [{ ...base('q'), prompt: t('Run `etcdctl get /registry/pods/<ns>/<name>`', '`etcdctl get /registry/pods/<네임스페이스>/<이름>`를 실행'), type: 'truefalse', answer: true, feedback: { true: t('y'), false: t('n') } }],
    }).questions[0]!;
    expect(checkQuestionParity(q)).toEqual([]);
    const drift = quizSchema.parse({
      id: 'x',
      questions: [{ ...base('q'), explanation: t('Use `kubectl`', '`etcdctl`를 쓰세요'), type: 'truefalse', answer: true, feedback: { true: t('y'), false: t('n') } }],
    }).questions[0]!;
    expect(checkQuestionParity(drift)).toEqual([
      { path: ['explanation'], message: "'explanation': the inline code differs between ko (`etcdctl`) and en (`kubectl`); commands, keys and field names must be the same in both languages" },
    ]);
  });
});

describe('language of each version', () => {
  it('a Korean lesson has a Korean title and summary; an English one has no Hangul', () => {
    const ko = parseLessonSource('---\ntitle: Raft\nsummary: 합의\nminutes: 5\nobjectives: [O]\n---\n', 'index.ko.md');
    expect(checkLessonLanguage(ko, 'ko')).toEqual([
      'the title of the Korean version has no Korean text; write it in Korean (or were index.ko.md and index.en.md swapped?)',
    ]);
    const en = parseLessonSource('---\ntitle: Raft 합의\nsummary: Agreement\nminutes: 5\nobjectives: [O]\n---\n', 'index.en.md');
    expect(checkLessonLanguage(en, 'en')).toEqual([
      'the title of the English version contains Korean; write it in English (or were index.ko.md and index.en.md swapped?)',
    ]);
    expect(checkLessonLanguage(en, 'ko')).toEqual([
      'the summary of the Korean version has no Korean text; write it in Korean (or were index.ko.md and index.en.md swapped?)',
    ]);
  });
});
