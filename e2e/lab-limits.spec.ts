// The lab workspace within grading's caps and at the edges of its controls: `sim tick`
// past the tick budget is refused in the terminal and the finished lab still passes;
// a grading refusal reaches a Korean learner in Korean; an over-long terminal line stays
// in the input with an error; a command is echoed while it runs; Reset lab's question
// starts on Cancel and Escape dismisses it; the Problems list names what Apply refuses.
import type { Page } from '@playwright/test';
import { test, expect, runInTerminal } from './fixtures';

const QUORUM = '/labs/etcd-quorum-recovery';

function terminalInput(page: Page, name = 'Terminal') {
  return page.getByRole('textbox', { name, exact: true });
}

const run = runInTerminal;

async function openQuorumLab(page: Page, locale: 'en' | 'ko' = 'en') {
  await page.goto(`/${locale}${QUORUM}`);
  await expect(page.getByTestId('goal-progress')).toHaveText(locale === 'en' ? '0 of 2 goals done' : '목표 2개 중 0개 달성');
}

test('sim tick past the lab’s time budget is refused up front, and the finished lab is still graded', async ({ page }) => {
  await openQuorumLab(page);
  await expect(page.getByTestId('budget')).toContainText('Simulated time left for grading:');
  await run(page, 'sim restart etcd-2');
  await run(page, 'sim tick 300');
  await run(page, 'etcdctl put /app/recovered yes');
  await expect(page.getByTestId('goal-progress')).toHaveText('2 of 2 goals done');
  await run(page, 'sim tick 250000');
  const terminal = page.getByRole('log', { name: 'Terminal output' });
  await expect(terminal).toContainText(/sim tick: only \d+ ticks \([\d.]+s\) of simulated time are left in this lab \(its cap is 200000 ticks\); run sim tick \d+ or less/);

  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toContainText('Passed', { timeout: 30_000 });
  await expect(page.getByText('The server refused this attempt')).toHaveCount(0);
});

test('a log over a cap is refused in the learner’s language, by the cap it broke', async ({ page }) => {
  await openQuorumLab(page, 'ko');
  const answer = await page.evaluate(async (lab) => {
    const res = await fetch(`/api/labs/${lab}/attempts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ actionLog: [{ type: 'tick', ticks: 300_000 }], idempotencyKey: 'e2e-over-the-tick-cap' }),
    });
    return { status: res.status, body: (await res.json()) as { error: { code: string; reason?: string; message: string } } };
  }, 'etcd-quorum-recovery');
  expect(answer.status).toBe(422);
  expect(answer.body.error).toMatchObject({ code: 'log-refused', reason: 'ticks' });
  expect(answer.body.error.message).toContain('시뮬레이션 시간');
  expect(answer.body.error.message).not.toMatch(/replay stopped|ticks/);
});

test('an over-long terminal line stays in the input with an error, and a refused request clears on the next command', async ({ page }) => {
  await openQuorumLab(page);
  const long = `etcdctl put k ${'x'.repeat(5_000)}`;
  const input = terminalInput(page);
  await input.fill(long);
  await input.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'This line has 5014 characters' })).toContainText('at most 4096');
  await expect(input).toHaveValue(long);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The simulation refused a request')).toHaveCount(0);
  await run(page, 'sim status');
  await expect(page.getByRole('alert').filter({ hasText: 'This line has' })).toHaveCount(0);

  await openQuorumLab(page, 'ko');
  const ko = terminalInput(page, '터미널');
  await ko.fill(long);
  await ko.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '이 줄은 5014자입니다' })).toBeVisible();
  await expect(ko).toHaveValue(long);
});

test('a command is echoed while it runs, before its output', async ({ page }) => {
  await page.goto('/en/courses/kubernetes-internals/lessons/raft');
  const input = terminalInput(page).first();
  await expect(input).toBeEnabled({ timeout: 30_000 });
  // the cluster has drawn its first view (its worker is up): a line typed before may be lost to a slow start
  await expect(page.getByTestId('sim-leader').first()).toBeVisible({ timeout: 30_000 });
  // long enough to be seen running, short enough for a loaded CI machine (300,000 ticks took over 50 s there)
  await input.fill('sim tick 50000');
  await expect(input).toHaveValue('sim tick 50000');
  await input.press('Enter');
  await expect(page.getByText('Running…').first()).toBeVisible();
  await expect(page.getByTestId('terminal-pending').first()).toContainText('sim tick 50000');
  await expect(page.getByRole('log', { name: 'Terminal output' }).first()).toContainText('ticked 50000', { timeout: 50_000 });
  await expect(page.getByTestId('terminal-pending')).toHaveCount(0);
});

test('Reset lab asks with Cancel focused: Enter twice keeps the work, Escape cancels and returns to Reset lab', async ({ page }) => {
  await openQuorumLab(page);
  await run(page, 'sim restart etcd-2');
  await run(page, 'sim tick 300');
  await expect(page.getByTestId('goal-progress')).toHaveText('1 of 2 goals done');

  const reset = page.getByRole('button', { name: 'Reset lab' });
  await reset.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reset).toBeFocused();
  await expect(page.getByTestId('goal-progress')).toHaveText('1 of 2 goals done');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Yes, reset the lab' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Yes, reset the lab' })).toHaveCount(0);
  await expect(reset).toBeFocused();
  await expect(page.getByTestId('goal-progress')).toHaveText('1 of 2 goals done');
});

async function replaceManifest(page: Page, text: string) {
  const region = page.getByRole('region', { name: 'Manifest editor' });
  await region.locator('.view-line').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('the Problems list names what Apply refuses, never the editor parser’s crash', async ({ page }) => {
  await page.goto('/en/labs/first-deployment');
  const region = page.getByRole('region', { name: 'Manifest editor' });
  await expect(region.locator('.view-lines')).toContainText('kind: Deployment');
  const problems = page.getByTestId('editor-problems');
  await expect(problems).toContainText('No problems found');

  // flow style, one top-level key a line: the editor's auto-indent cannot change what is typed
  const refs = (name: string) => Array(9).fill(`*${name}`).join(',');
  const laughs = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: lol}',
    `data: {a: &a [${Array(9).fill('lol').join(',')}], ${'bcdefghi'
      .split('')
      .map((c, i) => `${c}: &${c} [${refs('abcdefghi'[i]!)}]`)
      .join(', ')}}`,
  ].join('\n');
  await replaceManifest(page, laughs);
  await expect(problems).toContainText(/deployment\.yaml line \d+: error: error parsing deployment\.yaml: error converting YAML to JSON: yaml: line \d+: document contains excessive aliasing/);

  // deep enough for the decoder's limit (100); the unit test takes 20,000, which Monaco's own tokenizer types slowly
  await replaceManifest(page, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\ndata: {x: ${'['.repeat(3_000)}${']'.repeat(3_000)}}`);
  await expect(problems).toContainText('exceeded max depth of 100');
  await expect(problems).not.toContainText('Maximum call stack');

  // Apply says the same
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('exceeded max depth of 100');
});
