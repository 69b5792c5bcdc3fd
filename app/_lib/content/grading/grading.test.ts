import { describe, expect, it } from 'vitest';
import { questionSchema, type Question } from '../schemas/quiz';
import { gradeQuestion, nearMissOf, NEAR_MISS_FEEDBACK, normaliseShortAnswer, responseSchema } from './index';

const t = (en: string) => ({ ko: `${en} (ko)`, en });
const base = { tags: ['quorum-is-half'], prompt: t('prompt'), explanation: t('explanation') };
const q = (raw: Record<string, unknown>): Question => questionSchema.parse({ ...base, ...raw });

const single = q({
  id: 'quorum-of-five',
  type: 'single',
  options: [
    { id: 'a', text: t('3'), correct: true, feedback: t('a majority of 5') },
    { id: 'b', text: t('2.5'), feedback: t('half is not a majority'), tags: ['quorum-counts-all-members'] },
    { id: 'c', text: t('5'), feedback: t('not every member') },
  ],
});

describe('single choice', () => {
  it('the correct option scores 1 with its own feedback and no misconception', () => {
    expect(gradeQuestion(single, { type: 'single', optionId: 'a' })).toEqual({
      correct: true,
      score: 1,
      feedback: [{ optionId: 'a', text: t('a majority of 5') }],
      misconceptions: [],
    });
  });
  it("a wrong option reports its own tags, else the question's", () => {
    const b = gradeQuestion(single, { type: 'single', optionId: 'b' });
    expect(b).toMatchObject({ correct: false, score: 0, misconceptions: ['quorum-counts-all-members'] });
    expect(b.feedback).toEqual([{ optionId: 'b', text: t('half is not a majority') }]);
    expect(gradeQuestion(single, { type: 'single', optionId: 'c' }).misconceptions).toEqual(['quorum-is-half']);
  });
  it('an unknown option or a response of another type is wrong, not a crash', () => {
    expect(gradeQuestion(single, { type: 'single', optionId: 'zz' })).toMatchObject({ correct: false, score: 0 });
    expect(gradeQuestion(single, { type: 'truefalse', answer: true })).toMatchObject({ correct: false, score: 0 });
  });
});

describe('multiple choice', () => {
  const multiple = q({
    id: 'objects',
    type: 'multiple',
    options: [
      { id: 'pod', text: t('Pod'), correct: true, feedback: t('pod fb') },
      { id: 'lease', text: t('Lease'), correct: true, feedback: t('lease fb') },
      { id: 'event', text: t('Event'), correct: true, feedback: t('event fb') },
      { id: 'kubelet', text: t('kubelet'), feedback: t('kubelet fb'), tags: ['pods-are-processes'] },
    ],
  });
  it('exactly the right set is correct', () => {
    expect(gradeQuestion(multiple, { type: 'multiple', optionIds: ['event', 'pod', 'lease'] })).toMatchObject({ correct: true, score: 1, misconceptions: [] });
  });
  it('one wrong pick next to all right ones costs one right pick', () => {
    const g = gradeQuestion(multiple, { type: 'multiple', optionIds: ['pod', 'lease', 'event', 'kubelet'] });
    expect(g.correct).toBe(false);
    expect(g.score).toBeCloseTo(2 / 3);
    expect(g.misconceptions).toEqual(['pods-are-processes']);
    expect(g.feedback.map((f) => f.optionId)).toEqual(['pod', 'lease', 'event', 'kubelet']);
  });
  it('missing a right option gives partial credit and shows the missed option', () => {
    const g = gradeQuestion(multiple, { type: 'multiple', optionIds: ['pod'] });
    expect(g).toMatchObject({ correct: false, misconceptions: ['quorum-is-half'] });
    expect(g.score).toBeCloseTo(1 / 3);
    expect(g.feedback.map((f) => f.optionId)).toEqual(['pod', 'lease', 'event']);
  });
  it('ticking everything never scores more than picking right alone; nothing scores 0; duplicates count once', () => {
    expect(gradeQuestion(multiple, { type: 'multiple', optionIds: [] }).score).toBe(0);
    expect(gradeQuestion(multiple, { type: 'multiple', optionIds: ['kubelet'] }).score).toBe(0);
    expect(gradeQuestion(multiple, { type: 'multiple', optionIds: ['pod', 'pod', 'pod'] }).score).toBeCloseTo(1 / 3);
  });
});

describe('true/false', () => {
  const tf = q({ id: 'pod-process', type: 'truefalse', answer: false, feedback: { true: t('said true'), false: t('said false') } });
  it('grades the answer and shows the feedback for what the learner said', () => {
    expect(gradeQuestion(tf, { type: 'truefalse', answer: false })).toEqual({
      correct: true,
      score: 1,
      feedback: [{ optionId: 'false', text: t('said false') }],
      misconceptions: [],
    });
    expect(gradeQuestion(tf, { type: 'truefalse', answer: true })).toMatchObject({
      correct: false,
      score: 0,
      feedback: [{ optionId: 'true', text: t('said true') }],
      misconceptions: ['quorum-is-half'],
    });
  });
});

describe('ordering', () => {
  const ordering = q({
    id: 'watch-chain',
    type: 'ordering',
    items: ['kubectl', 'apiserver', 'etcd', 'controller'].map((id) => ({ id, text: t(id) })),
    feedback: { correct: t('right order'), incorrect: t('wrong order') },
  });
  const grade = (itemIds: string[]) => gradeQuestion(ordering, { type: 'ordering', itemIds });
  it('the listed order is correct', () => {
    expect(grade(['kubectl', 'apiserver', 'etcd', 'controller'])).toMatchObject({ correct: true, score: 1, feedback: [{ text: t('right order') }] });
  });
  it('one swap of neighbours keeps 5 of 6 pairs; a reversed list scores 0', () => {
    const swapped = grade(['kubectl', 'etcd', 'apiserver', 'controller']);
    expect(swapped.correct).toBe(false);
    expect(swapped.score).toBeCloseTo(5 / 6);
    expect(swapped.feedback).toEqual([{ text: t('wrong order') }]);
    expect(grade(['controller', 'etcd', 'apiserver', 'kubectl']).score).toBe(0);
  });
  it('names the items that are not at their place, so they can be marked', () => {
    expect(grade(['kubectl', 'etcd', 'apiserver', 'controller']).misplaced).toEqual(['etcd', 'apiserver']);
    expect(grade(['controller', 'kubectl', 'apiserver', 'etcd']).misplaced).toEqual(['controller', 'kubectl', 'apiserver', 'etcd']);
    expect(grade(['kubectl', 'apiserver', 'etcd', 'controller']).misplaced).toEqual([]);
  });
  it('a list that is not a permutation of the items is wrong', () => {
    expect(grade(['kubectl', 'apiserver', 'etcd'])).toMatchObject({ correct: false, score: 0 });
    expect(grade(['kubectl', 'kubectl', 'etcd', 'controller'])).toMatchObject({ correct: false, score: 0 });
    expect(grade(['kubectl', 'apiserver', 'etcd', 'scheduler'])).toMatchObject({ correct: false, score: 0 });
  });
});

describe('numeric', () => {
  const exact = q({
    id: 'quorum',
    type: 'numeric',
    answer: 3,
    feedback: { correct: t('yes'), incorrect: t('no') },
    common: [{ value: 2.5, feedback: t('half is not a quorum') }],
  });
  const loose = q({ id: 'ttl', type: 'numeric', answer: 0.3, tolerance: 0.05, feedback: { correct: t('yes'), incorrect: t('no') } });
  const grade = (question: Question, value: number) => gradeQuestion(question, { type: 'numeric', value });
  it('tolerance 0 accepts only the answer (up to floating point)', () => {
    expect(grade(exact, 3).correct).toBe(true);
    expect(grade(exact, 3.0000001).correct).toBe(false);
    expect(grade(q({ id: 'fp', type: 'numeric', answer: 0.3, feedback: { correct: t('y'), incorrect: t('n') } }), 0.1 + 0.2).correct).toBe(true);
  });
  it('accepts values inside the tolerance, including its edges', () => {
    expect(grade(loose, 0.35).correct).toBe(true);
    expect(grade(loose, 0.25).correct).toBe(true);
    expect(grade(loose, 0.36).correct).toBe(false);
  });
  it('a known wrong answer gets its own feedback instead of the general one: one block, not two', () => {
    expect(grade(exact, 2.5).feedback).toEqual([{ text: t('half is not a quorum') }]);
    expect(grade(exact, 4).feedback).toEqual([{ text: t('no') }]);
  });
  it('the response schema refuses non-finite numbers', () => {
    expect(responseSchema.safeParse({ type: 'numeric', value: Number.NaN }).success).toBe(false);
    expect(responseSchema.safeParse({ type: 'numeric', value: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});

describe('short answer', () => {
  const short = q({ id: 'writer', type: 'short', accepted: ['kube-apiserver', 'API server'], feedback: { correct: t('yes'), incorrect: t('no') } });
  const kind = q({ id: 'kind', type: 'short', accepted: ['ReplicaSet'], caseSensitive: true, feedback: { correct: t('yes'), incorrect: t('no') } });
  const grade = (question: Question, text: string) => gradeQuestion(question, { type: 'short', text }).correct;
  it('trims, collapses spaces, ignores case and surrounding backticks or quotes', () => {
    expect(grade(short, '  Kube-APIServer ')).toBe(true);
    expect(grade(short, 'api    server')).toBe(true);
    expect(grade(short, '`kube-apiserver`')).toBe(true);
    expect(grade(short, '"API server"')).toBe(true);
  });
  it('does not accept a different or empty answer', () => {
    expect(grade(short, 'etcd')).toBe(false);
    expect(grade(short, 'kube-apiserver-2')).toBe(false);
    expect(grade(short, '   ')).toBe(false);
  });
  it('respects caseSensitive', () => {
    expect(grade(kind, 'ReplicaSet')).toBe(true);
    expect(grade(kind, 'replicaset')).toBe(false);
  });
  it('tells a near miss what differs instead of the general feedback, and counts no misconception for it', () => {
    const namespace = q({
      id: 'node-lease-namespace',
      type: 'short',
      accepted: ['kube-node-lease'],
      caseSensitive: true,
      feedback: { correct: t('yes'), incorrect: t('no') },
      nearMiss: { case: t('namespace names are lowercase') },
    });
    const cased = gradeQuestion(namespace, { type: 'short', text: 'Kube-Node-Lease' });
    expect(cased).toEqual({ correct: false, score: 0, feedback: [{ text: t('namespace names are lowercase') }], misconceptions: [] });
    // no authored text: the general one, in both languages
    expect(gradeQuestion(kind, { type: 'short', text: 'replicaset' }).feedback).toEqual([{ text: NEAR_MISS_FEEDBACK.case }]);
    expect(gradeQuestion(namespace, { type: 'short', text: 'kube-system' })).toMatchObject({ feedback: [{ text: t('no') }], misconceptions: ['quorum-is-half'] });
  });
  it('a trailing slash is a different answer (an etcd key is an exact string), and it is told so', () => {
    const key = q({ id: 'key', type: 'short', accepted: ['/registry/deployments/shop/cart'], feedback: { correct: t('yes'), incorrect: t('no') } });
    expect(gradeQuestion(key, { type: 'short', text: '/registry/deployments/shop/cart/' })).toEqual({ correct: false, score: 0, feedback: [{ text: NEAR_MISS_FEEDBACK.trailingSlash }], misconceptions: [] });
    const accepted = { accepted: ['/registry/deployments/shop/cart'], caseSensitive: false };
    expect(nearMissOf(accepted, '/registry/deployments/shop/cart')).toBeUndefined();
    expect(nearMissOf(accepted, '/registry/deployments/shop/')).toBeUndefined();
    expect(nearMissOf({ accepted: ['/registry/'], caseSensitive: false }, '/registry')).toBe('trailingSlash');
  });
  it('normalises composed and decomposed Hangul alike', () => {
    expect(normaliseShortAnswer('한'.normalize('NFD'), false)).toBe(normaliseShortAnswer('한', false));
  });
});

describe('classify', () => {
  const classify = q({
    id: 'object-or-process',
    type: 'classify',
    buckets: [
      { id: 'object', label: t('object in etcd') },
      { id: 'process', label: t('process') },
    ],
    items: [
      { id: 'deployment', text: t('Deployment'), bucket: 'object', feedback: t('deployment fb') },
      { id: 'pod', text: t('Pod'), bucket: 'object', feedback: t('pod fb') },
      { id: 'scheduler', text: t('scheduler'), bucket: 'process', feedback: t('scheduler fb') },
      { id: 'kubelet', text: t('kubelet'), bucket: 'process', feedback: t('kubelet fb') },
    ],
  });
  const grade = (placements: Record<string, string>) => gradeQuestion(classify, { type: 'classify', placements });
  it('all items in their bucket is correct', () => {
    expect(grade({ deployment: 'object', pod: 'object', scheduler: 'process', kubelet: 'process' })).toMatchObject({ correct: true, score: 1 });
  });
  it('scores the share placed right and explains each misplaced item', () => {
    const g = grade({ deployment: 'object', pod: 'process', scheduler: 'process', kubelet: 'process' });
    expect(g).toMatchObject({ correct: false, score: 0.75, misconceptions: ['quorum-is-half'] });
    expect(g.feedback).toEqual([{ optionId: 'pod', text: t('pod fb') }]);
  });
  it('an unplaced item counts as wrong; an unknown bucket or item is refused', () => {
    expect(grade({ deployment: 'object', pod: 'object', scheduler: 'process' }).score).toBe(0.75);
    expect(grade({ deployment: 'nowhere' })).toMatchObject({ correct: false, score: 0 });
    expect(grade({ ghost: 'object' })).toMatchObject({ correct: false, score: 0 });
  });
});

describe('predict', () => {
  const predict = q({
    id: 'minority-write',
    type: 'predict',
    scenario: 'split',
    run: ['etcdctl put foo bar'],
    observable: t('the last output'),
    options: [
      { id: 'ok', text: t('OK'), matches: '^OK$', feedback: t('a minority cannot commit') },
      { id: 'timeout', text: t('timeout'), correct: true, matches: 'deadline exceeded', feedback: t('no quorum, no commit') },
    ],
  });
  it('grades the committed prediction like a single choice', () => {
    expect(gradeQuestion(predict, { type: 'predict', optionId: 'timeout' })).toMatchObject({ correct: true, score: 1 });
    expect(gradeQuestion(predict, { type: 'predict', optionId: 'ok' })).toMatchObject({
      correct: false,
      feedback: [{ optionId: 'ok', text: t('a minority cannot commit') }],
    });
    expect(gradeQuestion(predict, { type: 'single', optionId: 'timeout' }).correct).toBe(false);
  });
});

describe('response schemas', () => {
  it('refuse what a tampered browser might send', () => {
    expect(responseSchema.safeParse({ type: 'single', optionId: 'a' }).success).toBe(true);
    expect(responseSchema.safeParse({ type: 'single', optionId: 'a', correct: true }).success).toBe(false);
    expect(responseSchema.safeParse({ type: 'essay', text: 'x' }).success).toBe(false);
    expect(responseSchema.safeParse({ type: 'short', text: 'x'.repeat(501) }).success).toBe(false);
    expect(responseSchema.safeParse({ type: 'multiple', optionIds: 'a' }).success).toBe(false);
  });
});
