// Four things learners hit on a lab page. Two tabs of one lab: once one saves other work,
// the other says so, saves nothing over it, and on request loads it (its Submit then sends
// the log it shows) or keeps its own (and then the first tab asks). The editor, then the
// terminal under it across the width, then Hints and Submit (Monaco follows its frame's
// width). After Apply or a command with the clock paused, a hint next to the terminal
// says the cluster is paused, with Play — not after a command that ran simulated time
// itself; it goes once the clock moves. Saved work replayed on load shows a named progress
// bar. Work saved under an earlier sim-core version is offered, not lost: Load replays it,
// Start fresh removes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import { SIM_CORE_VERSION } from '../sim-core/index';
import { test, expect, runInTerminal, expectNoAxeViolations } from './fixtures';

const LAB = '/en/labs/first-deployment';
const LOAD = "Load the other tab's work";
const KEEP = 'Keep working here';

async function openLab(page: Page, url = LAB) {
  await page.goto(url);
  // the starter's first line: in view however narrow the editor is
  await expect(page.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('# A Deployment is an object');
  await expect(page.getByRole('textbox', { name: 'Terminal', exact: true })).toBeEnabled();
  await expect(page.getByTestId('save-state')).toHaveText(/^Saved in this browser/);
}

/** The lab's saved record, as the browser holds it. */
async function savedRecord(page: Page): Promise<{ version: number; tab?: string; seq?: number; files: Record<string, string>; log: unknown[] }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('reconcile:lab:first-deployment:'));
    return JSON.parse(key === undefined ? 'null' : (localStorage.getItem(key) ?? 'null'));
  });
}

/** Type `replicas: <n>` over the manifest's replicas line (an edit, not applied). */
async function editReplicas(page: Page, n: number) {
  const region = page.getByRole('region', { name: 'Manifest editor' });
  await region.locator('.view-line', { hasText: /replicas:/ }).first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText(`replicas: ${n}`);
  await expect(page.getByRole('tab', { name: 'deployment.yaml (edited, not applied)' })).toBeVisible();
}

function notice(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: 'This lab was changed in another tab.' });
}

test('two tabs: an edit in one makes the other say so and save nothing over it; Load shows that work, and Submit sends what it shows', async ({ page, context }) => {
  await openLab(page);
  const other = await context.newPage();
  await openLab(other);
  // the second tab saved the work it loaded: the same work, nothing to ask
  await expect(notice(page)).toHaveCount(0);

  await editReplicas(page, 3);
  await expect(notice(other)).toBeVisible();
  await expect(other.getByTestId('save-state')).toHaveText(/^Not saved: this lab was changed in another tab/);
  await expect(other.getByText("Nothing of this tab's is lost")).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await expect.poll(async () => (await savedRecord(page)).files['deployment.yaml']).toContain('replicas: 3');

  // the asking tab works on: what it does is not saved over the first tab's edit, and the notice says what loading would discard
  await runInTerminal(other, 'kubectl create namespace shop');
  await expect(other.getByText('1 action run in this tab is discarded')).toBeVisible();
  const record = await savedRecord(page);
  expect(record.log).toEqual([]);
  expect(record.files['deployment.yaml']).toContain('replicas: 3');
  await expect(notice(page)).toHaveCount(0);

  // Load: the page reloads with the first tab's work, and says so
  await other.getByRole('button', { name: LOAD }).click();
  await expect(other.getByText('This tab now shows the work the other tab saved.')).toBeVisible();
  await expect(other.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('replicas: 3');
  await expect(other.getByRole('tab', { name: 'deployment.yaml (edited, not applied)' })).toBeVisible();
  await expect(other.getByRole('log', { name: 'Terminal output' })).not.toContainText('kubectl create namespace shop');
  await expect(notice(other)).toHaveCount(0);
  // its save of that work is the same work: the first tab asks nothing
  await expect(other.getByTestId('save-state')).toHaveText('Saved in this browser: no actions yet');
  await expect(notice(page)).toHaveCount(0);

  // the first tab applies; the reloaded tab asks again, then loads, and Submit sends the log its terminal shows
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('deployment.apps/web created');
  await expect(notice(other)).toBeVisible();
  await other.getByRole('button', { name: LOAD }).click();
  await expect(other.getByRole('log', { name: 'Terminal output' })).toContainText('deployment.apps/web created');
  const bodies: { actionLog: unknown[] }[] = [];
  await other.route('**/api/labs/first-deployment/attempts', (route: Route) => {
    bodies.push(route.request().postDataJSON());
    return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'busy' } } });
  });
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByText('The server could not grade this attempt right now.')).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]!.actionLog).toEqual((await savedRecord(page)).log);
  expect(bodies[0]!.actionLog).toEqual([
    { type: 'writeFile', path: 'deployment.yaml', content: expect.stringContaining('replicas: 3') },
    { type: 'command', line: 'kubectl apply -f deployment.yaml' },
  ]);
});

test('two tabs: a tab that stopped saving asks before it closes with work the record does not have; Load reloads without asking', async ({ page, context }) => {
  await openLab(page);
  const other = await context.newPage();
  await openLab(other);
  await editReplicas(page, 3);
  await expect(notice(other)).toBeVisible();
  const dialogs: string[] = [];
  other.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await runInTerminal(other, 'kubectl create namespace shop');
  await expect(other.getByText('1 action run in this tab is discarded')).toBeVisible();
  // the browser's own question; dismissed, the tab stays with its work
  await other.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  expect(other.isClosed()).toBe(false);
  await expect(other.getByRole('log', { name: 'Terminal output' })).toContainText('kubectl create namespace shop');
  // Load is the learner's choice: its reload asks nothing
  await other.getByRole('button', { name: LOAD }).click();
  await expect(other.getByText('This tab now shows the work the other tab saved.')).toBeVisible();
  expect(dialogs).toEqual(['beforeunload']);
});

test('two tabs: Keep working here saves this tab’s work over the other’s, and then the other tab asks; neither saves by itself while asking', async ({ page, context }) => {
  await openLab(page);
  const other = await context.newPage();
  await openLab(other);
  await runInTerminal(page, 'kubectl create namespace first');
  await expect(notice(other)).toBeVisible();
  await runInTerminal(other, 'kubectl create namespace second');

  await other.getByRole('button', { name: KEEP }).click();
  await expect(notice(other)).toHaveCount(0);
  // the keyboard lands on what happened, where the buttons were
  await expect(other.getByText("This tab's work is saved, over the other tab's.")).toBeFocused();
  await expect(other.getByTestId('save-state')).toHaveText('Saved in this browser: 1 action');
  expect((await savedRecord(page)).log).toEqual([{ type: 'command', line: 'kubectl create namespace second' }]);

  // now the first tab asks; what it runs meanwhile is not saved, so the second tab hears of nothing
  await expect(notice(page)).toBeVisible();
  await expect(page.getByText('1 action run in this tab is discarded')).toBeVisible();
  await runInTerminal(page, 'kubectl get namespaces');
  await expect(page.getByText('2 actions run in this tab are discarded')).toBeVisible();
  expect((await savedRecord(page)).log).toEqual([{ type: 'command', line: 'kubectl create namespace second' }]);
  await expect(notice(other)).toHaveCount(0);

  // the first tab keeps its own: the second asks in turn
  await page.getByRole('button', { name: KEEP }).click();
  await expect(notice(other)).toBeVisible();
  expect((await savedRecord(page)).log).toEqual([
    { type: 'command', line: 'kubectl create namespace first' },
    { type: 'command', line: 'kubectl get namespaces' },
  ]);
  await expect(notice(page)).toHaveCount(0);
  await expectNoAxeViolations(other);
  // a second question in the same tab is answered the same way
  await other.getByRole('button', { name: KEEP }).click();
  await expect(other.getByText("This tab's work is saved, over the other tab's.")).toBeFocused();
  await expect(notice(page)).toBeVisible();
});

test('a version-1 record saved before tabs were told apart still loads, and is saved again as version 2', async ({ page }) => {
  await openLab(page);
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('reconcile:lab:first-deployment:'))!;
    const old = JSON.parse(localStorage.getItem(key)!) as { files: Record<string, string> };
    const files = { 'deployment.yaml': old.files['deployment.yaml']!.replace(/replicas: \d+/, 'replicas: 2') };
    localStorage.setItem(key, JSON.stringify({ version: 1, files, log: [{ type: 'command', line: 'kubectl create namespace old' }], hints: 0 }));
  });
  await page.reload();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('kubectl create namespace old');
  await expect(page.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('replicas: 2');
  await expect.poll(async () => (await savedRecord(page)).version).toBe(2);
  expect((await savedRecord(page)).log).toEqual([{ type: 'command', line: 'kubectl create namespace old' }]);
});

/** first-deployment's saved-work keys: under this sim-core version, and under an earlier one. */
const LAB_DIR = path.join(import.meta.dirname, '..', 'content', 'labs', 'first-deployment');
const SEED = Number(/^seed:\s*(\d+)/m.exec(readFileSync(path.join(LAB_DIR, 'lab.yaml'), 'utf8'))![1]);
const CURRENT_KEY = `reconcile:lab:first-deployment:${SIM_CORE_VERSION}:${SEED}`;
const EARLIER_KEY = `reconcile:lab:first-deployment:0.0.1:${SEED}`;
const EARLIER_WORK = {
  version: 2,
  tab: 'a-tab-before-the-bump',
  seq: 7,
  // an edit not applied yet: the files come back exactly as they were
  files: { 'deployment.yaml': readFileSync(path.join(LAB_DIR, 'deployment.yaml'), 'utf8').replace('replicas: 1', 'replicas: 2 # from before') },
  log: [{ type: 'command', line: 'kubectl create namespace earlier' }],
  hints: 0,
};

/** A browser that worked on the lab under an earlier sim-core version (written once: a reload does not write it again). */
async function withEarlierWork(page: Page) {
  await page.addInitScript(
    ({ key, record }) => {
      if (sessionStorage.getItem('earlier-work-written') !== null) return;
      sessionStorage.setItem('earlier-work-written', '1');
      localStorage.setItem(key, record);
    },
    { key: EARLIER_KEY, record: JSON.stringify(EARLIER_WORK) },
  );
}

const storedAt = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('work saved under an earlier simulator version is offered, not lost: Load brings its files back and replays its commands', async ({ page }) => {
  await withEarlierWork(page);
  await page.goto(LAB);
  const offer = page.getByRole('alert').filter({ hasText: 'Your saved work is from an earlier version of the simulator.' });
  await expect(offer).toHaveText(
    'Your saved work is from an earlier version of the simulator. Load it: your files come back as they were and your commands replay on the new version, so the cluster may end up different.',
  );
  await expect(page.getByRole('textbox', { name: 'Terminal', exact: true })).toBeEnabled();
  // the workspace shows the starter meanwhile, and a visit that changes nothing saves nothing: the offer stays
  await expect(page.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('replicas: 1');
  await expect(page.getByTestId('save-state')).toHaveText('');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(offer).toBeVisible();
  expect(await storedAt(page, CURRENT_KEY)).toBeNull();

  // work of the learner's own here is saved as usual, and Load says it replaces it
  const load = page.getByRole('group', { name: 'What to do with your earlier work' }).getByRole('button', { name: 'Load my earlier work' });
  await expect(load).toHaveAccessibleDescription('The page reloads, and your commands replay with a progress bar.');
  await runInTerminal(page, 'kubectl create namespace meanwhile');
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: 1 action');
  await expect(load).toHaveAccessibleDescription('The page reloads, and your commands replay with a progress bar. What you have done here since is replaced.');

  // Load, from the keyboard: the page reloads and replays the earlier commands, with the earlier files
  await load.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your earlier work is loaded: your files as they were, and your commands run again on this version of the simulator.')).toBeVisible();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('namespace/earlier created');
  await expect(page.getByRole('log', { name: 'Terminal output' })).not.toContainText('meanwhile');
  await expect(page.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('replicas: 2 # from before');
  await expect(page.getByRole('tab', { name: 'deployment.yaml (edited, not applied)' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: 1 action');
  // moved, not copied: the record is this version's now
  expect(await storedAt(page, EARLIER_KEY)).toBeNull();
  const moved = JSON.parse((await storedAt(page, CURRENT_KEY))!) as typeof EARLIER_WORK;
  expect(moved.files).toEqual(EARLIER_WORK.files);
  expect(moved.log).toEqual(EARLIER_WORK.log);

  // the learner goes on from it: the note goes, and a reload is an ordinary one
  await runInTerminal(page, 'kubectl get namespaces');
  await expect(page.getByText('Your earlier work is loaded')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('kubectl get namespaces');
  await expect(offer).toHaveCount(0);
});

test('Start fresh removes the earlier version’s work, in Korean too', async ({ page }) => {
  await withEarlierWork(page);
  await page.goto('/ko/labs/first-deployment');
  const offer = page.getByRole('alert').filter({ hasText: '저장된 작업은 이전 버전의 시뮬레이터에서 만든 것입니다.' });
  await expect(offer).toBeVisible();
  await expect(page.getByRole('textbox', { name: '터미널', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: '새로 시작하기' }).click();
  // the keyboard lands on what happened, where the buttons were
  await expect(page.getByText('새로 시작합니다. 이전 작업은 이 브라우저에서 지웠습니다.')).toBeFocused();
  await expect(offer).toHaveCount(0);
  expect(await storedAt(page, EARLIER_KEY)).toBeNull();
  await expect.poll(async () => JSON.parse((await storedAt(page, CURRENT_KEY)) ?? 'null')?.log).toEqual([]);
  await expect(page.getByTestId('save-state')).toHaveText('이 브라우저에 저장됨: 아직 동작 없음');

  // nothing of it comes back
  await page.reload();
  await expect(page.getByRole('textbox', { name: '터미널', exact: true })).toBeEnabled();
  await expect(page.getByRole('region', { name: '매니페스트 편집기' }).locator('.view-lines')).toContainText('replicas: 1');
  await expect(page.getByRole('log', { name: '터미널 출력' })).not.toContainText('earlier');
  await expect(offer).toHaveCount(0);
});

/** The on-screen boxes of the Monaco frame and of the terminal's output. */
async function editorAndTerminal(page: Page) {
  const editor = await page.getByRole('region', { name: 'Manifest editor' }).boundingBox();
  const terminal = await page.getByRole('log', { name: 'Terminal output' }).boundingBox();
  if (editor === null || terminal === null) throw new Error('the editor or the terminal is not on the page');
  return { editor, terminal };
}

/** How far Monaco's own box is from its frame's width (automaticLayout keeps it at 0). */
async function monacoGap(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Manifest editor' }).evaluate((frame) => {
    const monaco = frame.querySelector('.monaco-editor');
    return monaco === null ? Infinity : Math.abs(frame.getBoundingClientRect().width - 2 - monaco.getBoundingClientRect().width);
  });
}

for (const width of [1440, 1280]) {
  test(`at ${width} px the goals band, the editor, the terminal across the width, Hints beside Submit, then the cluster`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openLab(page);
    const { editor, terminal } = await editorAndTerminal(page);
    // the terminal under the editor, as wide as it: 130 characters of kubectl fit (s22-layout.spec.ts)
    expect(terminal.y).toBeGreaterThanOrEqual(editor.y + editor.height);
    expect(editor.width).toBeGreaterThan(1000);
    expect(terminal.width).toBeGreaterThan(1000);
    await expect(page.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('replicas: 1');
    // the goals above them; Hints and Submit side by side under the terminal; the Cluster panel last
    const goals = await page.getByRole('region', { name: 'Goals' }).boundingBox();
    expect(goals!.y + goals!.height).toBeLessThanOrEqual(editor.y);
    const hints = await page.getByRole('button', { name: 'Show hint' }).boundingBox();
    const submit = await page.getByRole('button', { name: 'Submit' }).boundingBox();
    expect(hints!.y).toBeGreaterThan(terminal.y + terminal.height);
    expect(submit!.y).toBeGreaterThan(terminal.y + terminal.height);
    expect(submit!.x).toBeGreaterThan(hints!.x + hints!.width);
    const cluster = await page.getByRole('region', { name: 'Cluster', exact: true }).filter({ has: page.getByRole('toolbar') }).boundingBox();
    expect(cluster!.y).toBeGreaterThan(Math.max(hints!.y + hints!.height, submit!.y + submit!.height));
    expect(cluster!.width).toBeGreaterThan(1000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect.poll(() => monacoGap(page)).toBeLessThanOrEqual(2);
    // the breadcrumb and the brief stay in the site's column, in line with the header
    const header = await page.locator('.header-inner').boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(Math.abs(title!.x - header!.x)).toBeLessThanOrEqual(24);

    // narrower, Monaco follows its frame, and back
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(async () => (await editorAndTerminal(page)).editor.width).toBeLessThan(1000);
    await expect.poll(() => monacoGap(page)).toBeLessThanOrEqual(2);
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(async () => (await editorAndTerminal(page)).editor.width).toBeGreaterThan(1000);
    await expect.poll(() => monacoGap(page)).toBeLessThanOrEqual(2);
  });
}

test('at 1024 and 375 px the editor and the terminal stack, nothing reaches past the window; axe finds nothing wide and dark', async ({ page }) => {
  for (const width of [1024, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openLab(page);
    const { editor, terminal } = await editorAndTerminal(page);
    expect(terminal.y).toBeGreaterThanOrEqual(editor.y + editor.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLab(page);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
    document.documentElement.style.colorScheme = 'dark';
  });
  await expect(page.locator('.monaco-editor.vs-dark')).toBeAttached();
  await expectNoAxeViolations(page);
});

test('after Apply with the clock paused a hint next to the terminal says so, with Play; not after a command that ran simulated time; it goes once the clock moves', async ({ page }) => {
  await openLab(page);
  const hint = page.getByTestId('paused-hint');
  const playback = page.locator('[role="toolbar"][aria-label="Playback"] button').first();
  await expect(hint).toBeEmpty();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('deployment.apps/web created');
  await expect(hint).toContainText('The cluster is paused: press Play to let the controllers act on it.');
  await expect(hint).toHaveAttribute('role', 'status');
  await expectNoAxeViolations(page);

  // Play right there: the clock plays, the hint goes, the keyboard stays at the terminal
  await hint.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(playback).toHaveText(/Pause/);
  await expect(hint).toBeEmpty();
  await expect(page.getByRole('textbox', { name: 'Terminal', exact: true })).toBeFocused();
  // a command that lands while the clock plays raises nothing
  await runInTerminal(page, 'kubectl get deployments');
  await expect(hint).toBeEmpty();

  // paused again: no hint until a command lands; then one, until the clock moves by Step
  await playback.click();
  await expect(playback).toHaveText(/Play/);
  await expect(hint).toBeEmpty();
  await runInTerminal(page, 'kubectl get pods');
  await expect(hint).toContainText('The cluster is paused');
  await page.locator('[role="toolbar"][aria-label="Playback"]').getByRole('button', { name: 'Step', exact: true }).click();
  await expect(hint).toBeEmpty();
  // a command that runs simulated time itself (kubectl wait waits for the Pods) raises none:
  // the controllers visibly acted. The notice would show a quarter second after it lands
  await runInTerminal(page, 'kubectl wait --for=condition=available deployment/web --timeout=60s');
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('deployment.apps/web condition met');
  await page.waitForTimeout(1_000);
  await expect(hint).toBeEmpty();
  // rollout status, as get -w, follows the cluster as the clock plays: started paused, it says so
  await runInTerminal(page, 'kubectl set image deployment/web nginx=nginx:1.28');
  await page.locator('[role="toolbar"][aria-label="Playback"]').getByRole('button', { name: 'Step', exact: true }).click();
  await expect(hint).toBeEmpty();
  await runInTerminal(page, 'kubectl rollout status deployment/web');
  await expect(hint).toContainText('The cluster is paused');
  // said once: the note on the running command leaves it to the hint
  const watching = page.getByTestId('terminal-watching');
  await expect(watching).toContainText('Still running: kubectl rollout status deployment/web');
  await expect(watching).not.toContainText('press Play');
  await hint.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('Waiting for deployment "web" rollout to finish', { timeout: 30_000 });
  await playback.click();
  await expect(playback).toHaveText(/Play/);
  // paused by the learner with no command since: no hint, so the running command's note says it
  await expect(hint).toBeEmpty();
  await expect(watching).toContainText('The clock is paused: press Play to let time pass.');
  // (the old Pod's 30 s of graceful termination is long to wait for here: Ctrl+C)
  await page.getByRole('textbox', { name: 'Terminal', exact: true }).press('Control+c');
  await expect(page.getByRole('button', { name: 'Stop watching' })).toHaveCount(0);
  // a command that leaves the clock raises it again; one that moves it takes it away
  await runInTerminal(page, 'kubectl get pods');
  await expect(hint).toContainText('The cluster is paused');
  await runInTerminal(page, 'sim tick 50');
  await expect(hint).toBeEmpty();

  // a reload replays the work paused, and says nothing until the learner runs something
  await page.reload();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('sim tick 50');
  await expect(page.getByTestId('save-state')).toHaveText(/^Saved in this browser/);
  await expect(hint).toBeEmpty();
});

test('the paused hint in Korean', async ({ page }) => {
  await page.goto('/ko/labs/first-deployment');
  const input = page.getByRole('textbox', { name: '터미널', exact: true });
  await expect(input).toBeEnabled();
  await input.fill('kubectl create namespace shop');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: '터미널 출력' })).toContainText('namespace/shop created');
  const hint = page.getByTestId('paused-hint');
  await expect(hint).toContainText('클러스터가 일시 정지되어 있습니다.');
  await expect(hint.getByRole('button', { name: '재생', exact: true })).toBeVisible();
});

test('while saved work is replayed on load, its progress bar is named by the sentence that says so', async ({ page }) => {
  await openLab(page);
  // a long stretch of simulated time with Pods running: replayed a thousand ticks at a time, with progress
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('reconcile:lab:first-deployment:'))!;
    const log = [{ type: 'command', line: 'kubectl apply -f deployment.yaml' }, { type: 'tick', ticks: 150_000 }];
    localStorage.setItem(key, JSON.stringify({ version: 1, files: {}, log, hints: 0 }));
  });
  await page.reload();
  await expect(page.getByRole('progressbar', { name: /^Restoring your work… \d+%$/ })).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: 2 actions', { timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
