import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/loader';
import { gradeSubmitted, presentGrade } from './grade-answer';
import { runPredictQuestion } from './predict-run';

const { content } = loadContent(path.join(import.meta.dirname, '../content/__fixtures__/good/content'));
const course = loadContent(path.join(import.meta.dirname, '../../../content')).content;
const saved = { savedTo: 'account' as const, lessonCompleted: false };

describe('gradeSubmitted', () => {
  it('grades against the content, whatever else the browser sends', () => {
    const right = gradeSubmitted(content, { courseId: 'mini', questionId: 'quorum-of-three', response: { type: 'numeric', value: 2 } });
    expect(right).toMatchObject({ ok: true, lessonId: 'basics', grade: { correct: true, score: 1 } });
    const wrong = gradeSubmitted(content, { courseId: 'mini', questionId: 'quorum-of-three', response: { type: 'numeric', value: 1.5 } });
    expect(wrong).toMatchObject({ ok: true, grade: { correct: false, misconceptions: ['quorum-is-half'] } });
  });

  it('refuses a claimed grade, an unknown question and a response of the wrong shape', () => {
    expect(gradeSubmitted(content, { courseId: 'mini', questionId: 'quorum-of-three', response: { type: 'numeric', value: 1 }, correct: true })).toEqual({ ok: false, error: 'invalid-response' });
    expect(gradeSubmitted(content, { courseId: 'mini', questionId: 'no-such', response: { type: 'numeric', value: 2 } })).toEqual({ ok: false, error: 'unknown-question' });
    expect(gradeSubmitted(content, { courseId: 'other', questionId: 'quorum-of-three', response: { type: 'numeric', value: 2 } })).toEqual({ ok: false, error: 'unknown-question' });
    expect(gradeSubmitted(content, { courseId: 'mini', questionId: 'quorum-of-three', response: { type: 'numeric', value: 'two' } })).toEqual({ ok: false, error: 'invalid-response' });
    // a response of another type is graded wrong, never as a crash
    expect(gradeSubmitted(content, { courseId: 'mini', questionId: 'quorum-of-three', response: { type: 'truefalse', answer: true } })).toMatchObject({ ok: true, grade: { correct: false } });
  });
});

describe('presentGrade', () => {
  it("renders the chosen option's feedback and the explanation in the learner's language", () => {
    const graded = gradeSubmitted(content, { courseId: 'mini', questionId: 'pod-process', response: { type: 'truefalse', answer: true } });
    if (!graded.ok) throw new Error('expected a grade');
    const ko = presentGrade(content, graded, 'ko', runPredictQuestion, saved);
    expect(ko).toMatchObject({ ok: true, correct: false, score: 0, savedTo: 'account' });
    expect(ko.feedback).toEqual([{ optionId: 'true', html: '<p>Pod는 etcd의 객체입니다.</p>' }]);
    expect(ko.explanationHtml).toBe('<p>Pod는 객체입니다.</p>');
    expect(presentGrade(content, graded, 'en', runPredictQuestion, saved).explanationHtml).toBe('<p>A Pod is an object.</p>');
  });

  it('predict-then-run shows the commands, the real output from sim-core, and the option it matches', () => {
    const graded = gradeSubmitted(content, { courseId: 'mini', questionId: 'put-output', response: { type: 'predict', optionId: 'b' } });
    if (!graded.ok) throw new Error('expected a grade');
    const shown = presentGrade(content, graded, 'en', runPredictQuestion, saved);
    expect(shown.correct).toBe(false);
    expect(shown.run?.lines).toEqual([{ command: 'etcdctl get foo --print-value-only', output: 'bar\n' }]);
    expect(shown.run?.matchedOptionId).toBe('a');
    expect(shown.run?.observableHtml).toBe("the last command's output");
  });
});

describe("the course's short answers that are almost right", () => {
  const shown = (questionId: string, text: string, locale: 'ko' | 'en' = 'en') => {
    const graded = gradeSubmitted(course, { courseId: 'kubernetes-internals', questionId, response: { type: 'short', text } });
    if (!graded.ok) throw new Error('expected a grade');
    return { graded, view: presentGrade(course, graded, locale, runPredictQuestion, saved) };
  };

  it('refuses a namespace in the wrong case and says namespace names are lowercase, counting no misconception', () => {
    const { graded, view } = shown('node-lease-namespace-exact', 'Kube-Node-Lease');
    expect(view.correct).toBe(false);
    expect(graded.grade.misconceptions).toEqual([]);
    expect(view.feedback.map((f) => f.html).join('')).toContain('Namespace names are DNS-1123 labels');
    expect(shown('node-lease-namespace-exact', 'Kube-Node-Lease', 'ko').view.feedback.map((f) => f.html).join('')).toContain('네임스페이스 이름은 DNS-1123 레이블');
    expect(shown('node-lease-namespace-exact', 'kube-node-lease').view.correct).toBe(true);
  });

  it('says why an etcd key with a trailing slash is another key', () => {
    const { view } = shown('deployment-key-path-exact', '/registry/deployments/shop/cart/');
    expect(view.correct).toBe(false);
    expect(view.feedback.map((f) => f.html).join('')).toContain('so with the <code>/</code> it is a different key');
    expect(shown('deployment-key-path-exact', '`/registry/deployments/shop/cart`').view.correct).toBe(true);
  });
});
