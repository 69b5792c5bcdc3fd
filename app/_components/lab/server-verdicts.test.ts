// The worker's verdicts arrive later than the text they judged: an answer for an older
// text, or for the cluster as it was before the learner's last action, never replaces a
// newer one, and the list keeps the last verdict until the next arrives.
import { describe, expect, it } from 'vitest';
import type { EditorProblem } from './manifest-problems';
import { ServerVerdicts } from './server-verdicts';

const problem = (message: string, updates?: string): EditorProblem => ({ path: 'web.yaml', line: 7, column: 1, message, severity: 'warning', source: 'apiserver', ...(updates !== undefined ? { updates } : {}) });
const immutable = problem('spec.selector: Invalid value: …: field is immutable', 'deployment.apps/web');

describe('ServerVerdicts', () => {
  it('asks once per text and cluster version, and again when either changes', () => {
    const v = new ServerVerdicts();
    const first = v.ask('web.yaml', 'a', 3);
    expect(first).toBeDefined();
    expect(v.ask('web.yaml', 'a', 3)).toBeUndefined();
    expect(v.ask('web.yaml', 'b', 3)).toBeGreaterThan(first!);
    expect(v.ask('web.yaml', 'b', 4)).toBeDefined();
    // another file has questions of its own
    expect(v.ask('svc.yaml', 'b', 4)).toBeDefined();
  });

  it('drops an answer for an older text, and keeps the last verdict until the newer one arrives', () => {
    const v = new ServerVerdicts();
    const old = v.ask('web.yaml', 'selector: web', 1)!;
    expect(v.answer('web.yaml', old, [], 'selector: web')).toBe(true);
    const changed = v.ask('web.yaml', 'selector: api', 1)!;
    const back = v.ask('web.yaml', 'selector: web', 1)!;
    // the answer for the text in between arrives after the learner typed on: dropped
    expect(v.answer('web.yaml', changed, [immutable], 'selector: web')).toBe(false);
    expect(v.problems('web.yaml')).toEqual([]);
    expect(v.answer('web.yaml', back, [], 'selector: web')).toBe(true);
    expect(v.problems('web.yaml')).toEqual([]);
  });

  it('drops an answer for the cluster as it was before a newer question (an Apply between them)', () => {
    const v = new ServerVerdicts();
    // asked while web did not exist yet (a create: fine), then again after Apply made it
    const before = v.ask('web.yaml', 'selector: api', 1)!;
    const after = v.ask('web.yaml', 'selector: api', 2)!;
    expect(v.answer('web.yaml', after, [immutable], 'selector: api')).toBe(true);
    // the older question's answer, late: it does not bring back the create's verdict
    expect(v.answer('web.yaml', before, [], 'selector: api')).toBe(false);
    expect(v.problems('web.yaml')).toEqual([immutable]);
  });

  it("drops an answer whose text the file no longer has, even for the latest question", () => {
    const v = new ServerVerdicts();
    const id = v.ask('web.yaml', 'selector: api', 1)!;
    expect(v.answer('web.yaml', id, [immutable], 'selector: ap')).toBe(false);
    expect(v.problems('web.yaml')).toEqual([]);
  });

  it('asks again about a text whose answer it dropped, once the learner types back to it', () => {
    const v = new ServerVerdicts();
    const b = v.ask('web.yaml', 'selector: api', 1)!;
    expect(v.answer('web.yaml', b, [immutable], 'selector: api')).toBe(true);
    const a = v.ask('web.yaml', 'selector: web', 1)!;
    // the answer about "selector: web" arrives while the file says "selector: webx"…
    expect(v.answer('web.yaml', a, [], 'selector: webx')).toBe(false);
    // …then Backspace: the same text as the dropped question, asked again, and its answer kept
    const again = v.ask('web.yaml', 'selector: web', 1);
    expect(again).toBeDefined();
    expect(v.answer('web.yaml', again!, [], 'selector: web')).toBe(true);
    expect(v.problems('web.yaml')).toEqual([]);
  });

  it('forgets a file the decoder refuses: its verdict and any answer still on its way', () => {
    const v = new ServerVerdicts();
    const id = v.ask('web.yaml', 'selector: api', 1)!;
    expect(v.answer('web.yaml', id, [immutable], 'selector: api')).toBe(true);
    const late = v.ask('web.yaml', 'selector: [', 1)!;
    expect(v.clear('web.yaml')).toBe(true);
    expect(v.problems('web.yaml')).toEqual([]);
    expect(v.answer('web.yaml', late, [immutable], 'selector: [')).toBe(false);
    expect(v.clear('web.yaml')).toBe(false);
  });
});
