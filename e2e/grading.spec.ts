// Grading by the server (issue 6): a learner's reference solution passes and is stored
// once under a double submit; forged submissions are refused or fail; the replay link
// opens for its owner, step by step, and for nobody else.
import { test, expect, expectNoAxeViolations, signUp, uniqueEmail } from './fixtures';
import { labSolution, newIdempotencyKey, postAttempt } from './grading-fixtures';

const LAB = 'etcd-quorum-recovery';

interface VerdictBody {
  attemptId: string | null;
  passed: boolean;
  goals: { id: string; passed: boolean; explanation: { ko: string; en: string } }[];
  stateHash: string;
  replayUrl: string | null;
}

test('the reference solution passes, a double submit stores one attempt, and only its owner can replay it', async ({ page, browser }) => {
  await signUp(page, uniqueEmail('grader'));
  const solution = labSolution(LAB);

  // two requests at once with the same key (a double click): one attempt
  const key = newIdempotencyKey();
  const [first, second] = await Promise.all([postAttempt(page, LAB, { actionLog: solution, idempotencyKey: key }), postAttempt(page, LAB, { actionLog: solution, idempotencyKey: key })]);
  expect(first.status()).toBe(200);
  expect(second.status()).toBe(200);
  const verdict = (await first.json()) as VerdictBody;
  const again = (await second.json()) as VerdictBody;
  expect(verdict.passed).toBe(true);
  expect(verdict.goals.length).toBeGreaterThan(0);
  expect(verdict.goals.every((g) => g.passed && g.explanation.en.length > 0 && g.explanation.ko.length > 0)).toBe(true);
  expect(verdict.attemptId).toBeTruthy();
  expect(again.attemptId).toBe(verdict.attemptId);
  expect(verdict.replayUrl).toBe(`/en/labs/${LAB}/attempts/${verdict.attemptId}`);
  // a later retry gets the same stored answer
  const retry = (await (await postAttempt(page, LAB, { actionLog: solution, idempotencyKey: key })).json()) as VerdictBody;
  expect(retry).toEqual(verdict);

  // the owner replays it step by step
  await page.goto(verdict.replayUrl!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your attempt');
  const verdictRegion = page.getByRole('region', { name: 'Verdict' });
  await expect(verdictRegion).toContainText('Passed');
  await expect(verdictRegion).not.toContainText('Not passed yet');
  const status = page.getByRole('status').filter({ hasText: /^Step \d+ of/ });
  await expect(status).toContainText(`Step 1 of ${solution.length}`);
  await expect(status).toContainText('$ sim status');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(status).toContainText(`Step 2 of ${solution.length}`);
  await expect(page.getByRole('region', { name: 'Output' })).toContainText('etcdctl put /app/recovered yes');
  // the action list is keyboard-operable
  const steps = page.getByRole('listbox', { name: 'Actions of this attempt' });
  await steps.focus();
  await page.keyboard.press('End');
  await expect(status).toContainText(`Step ${solution.length} of ${solution.length}`);
  await page.keyboard.press('ArrowUp');
  await expect(status).toContainText(`Step ${solution.length - 1} of ${solution.length}`);
  await expect(page.getByRole('region', { name: 'Output' })).toContainText('/app/recovered');
  await expectNoAxeViolations(page);

  // the progress page and the course page know the lab was passed
  await page.goto('/en/progress');
  const labCard = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /quorum/i }) }).first();
  await expect(labCard).toContainText('Passed');
  await expect(labCard).toContainText('1 attempt');
  await page.goto('/en/courses/kubernetes-internals');
  const syllabusLab = page.getByRole('list', { name: 'Labs' }).getByRole('listitem').filter({ hasText: 'restore the quorum' });
  await expect(syllabusLab).toContainText('Passed · 1 attempt');

  // another learner gets a 404 for the same link, not a 403
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, uniqueEmail('snoop'));
  const response = await otherPage.goto(verdict.replayUrl!);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByRole('heading', { name: 'Attempt not found' })).toBeVisible();
  // … and cannot claim the first learner's key either
  expect((await postAttempt(otherPage, LAB, { actionLog: solution, idempotencyKey: key })).status()).toBe(409);
  await other.close();
});

test('forged submissions are refused or fail', async ({ page }) => {
  await signUp(page, uniqueEmail('forger'));
  const solution = labSolution(LAB);

  // a client-side verdict or state is not accepted at all
  for (const forged of [{ passed: true }, { stateHash: '0000000000000000' }, { goals: [{ id: 'x', passed: true }] }]) {
    const r = await postAttempt(page, LAB, { actionLog: [], idempotencyKey: newIdempotencyKey(), ...forged });
    expect(r.status()).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('bad-request');
  }
  // a log over the caps
  const tooMany = Array.from({ length: 5_001 }, () => ({ type: 'command', line: 'sim status' }));
  const over = await postAttempt(page, LAB, { actionLog: tooMany, idempotencyKey: newIdempotencyKey() });
  expect(over.status()).toBe(422);
  // told by the cap it broke, in the learner's words; the grader's own sentence stays in `detail`
  expect(((await over.json()) as { error: { reason: string; message: string; detail: string } }).error).toMatchObject({
    reason: 'actions',
    message: expect.stringContaining('5000 at most'),
    detail: expect.stringContaining('5000 actions'),
  });
  // a cross-site POST, and one without an Origin
  expect((await postAttempt(page, LAB, { actionLog: solution, idempotencyKey: newIdempotencyKey() }, { origin: 'https://evil.example' })).status()).toBe(403);
  expect((await postAttempt(page, LAB, { actionLog: solution, idempotencyKey: newIdempotencyKey() }, { origin: null })).status()).toBe(403);
  // another lab's solution does not solve this lab
  const otherLab = await postAttempt(page, LAB, { actionLog: labSolution('etcd-five-members'), idempotencyKey: newIdempotencyKey() });
  expect(otherLab.status()).toBe(200);
  expect(((await otherLab.json()) as VerdictBody).passed).toBe(false);
  // the starter state does not pass either
  const empty = await postAttempt(page, LAB, { actionLog: [], idempotencyKey: newIdempotencyKey() });
  expect(((await empty.json()) as VerdictBody).passed).toBe(false);
  // an unknown lab
  expect((await postAttempt(page, 'no-such-lab', { actionLog: [], idempotencyKey: newIdempotencyKey() })).status()).toBe(404);
});

test('a guest is graded but nothing is stored', async ({ page }) => {
  await page.goto('/en');
  const r = await postAttempt(page, LAB, { actionLog: labSolution(LAB), idempotencyKey: newIdempotencyKey() });
  expect(r.status()).toBe(200);
  const body = (await r.json()) as VerdictBody;
  expect(body).toMatchObject({ attemptId: null, replayUrl: null, passed: true });
});

test('a submission’s time is shown in the reader’s time zone, naming it', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Seoul' });
  try {
    const page = await context.newPage();
    await signUp(page, uniqueEmail('seoul'));
    const verdict = (await (await postAttempt(page, LAB, { actionLog: [], idempotencyKey: newIdempotencyKey() })).json()) as VerdictBody;
    // the first page a browser opens tells the server its zone for the renders after it
    await page.goto('/en/progress');
    await page.goto(verdict.replayUrl!);
    await expect(page.getByText(/Submitted .*GMT\+9/)).toBeVisible();
    await page.goto(verdict.replayUrl!.replace('/en/', '/ko/'));
    await expect(page.getByText(/\d{4}년 \d{1,2}월 \d{1,2}일 \d{2}:\d{2} GMT\+9/)).toBeVisible();
  } finally {
    await context.close();
  }
});
