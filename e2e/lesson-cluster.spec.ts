// A lesson's live cluster is kept in the browser: a learner's commands and faults come back
// after a reload (replayed into a fresh worker, the terminal showing them again, the same
// state hash), and in the other language; the lesson's other cluster keeps its own; Reset
// forgets it, and a saved log that does not replay starts fresh with a notice. Two tabs of
// the lesson do not overwrite each other's cluster; a worker that fails keeps the saved
// cluster for the reload it asks for; one saved by an older simulator is dropped, with a note.
import type { Locator, Page } from '@playwright/test';
import { SIM_CORE_VERSION } from '../sim-core/index';
import { test, expect } from './fixtures';

const LESSON = '/courses/kubernetes-internals/lessons/workloads';
const FIRST = { en: 'One Deployment, one ReplicaSet, three Pods', ko: 'Deployment 하나, ReplicaSet 하나, Pod 셋' };
const SECOND = 'Rolling update and rollback of 4 replicas';
const KEY = `reconcile:lesson:kubernetes-internals/workloads:l6-deployment:${SIM_CORE_VERSION}:601`;

/** The commands in the cluster's saved log (none when nothing is saved). */
function savedLines(page: Page): Promise<string[]> {
  return page.evaluate((key) => {
    const saved = localStorage.getItem(key);
    if (saved === null) return [];
    return (JSON.parse(saved) as { log: { type: string; line?: string }[] }).log.flatMap((a) => (a.line === undefined ? [] : [a.line]));
  }, KEY);
}

async function openCluster(page: Page, name: string): Promise<Locator> {
  const cluster = page.getByRole('region', { name, exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  await expect(cluster).toHaveAttribute('aria-busy', 'false');
  return cluster;
}

/** This cluster's terminal output, in either language. */
function outputOf(cluster: Locator): Locator {
  return cluster.getByRole('log', { name: /^(Terminal output|터미널 출력)$/ });
}

/** Runs a line in this cluster's terminal (in either language) and waits until it has finished. */
async function run(cluster: Locator, line: string) {
  const input = cluster.getByRole('textbox', { name: /^(Terminal|터미널)$/ });
  await expect(input).toBeEnabled();
  await input.fill(line);
  await input.press('Enter');
  await expect(outputOf(cluster)).toContainText(line);
  await expect(cluster.getByText(/^(Running…|실행 중…)$/)).toHaveCount(0);
}

test("a lesson's cluster comes back after a reload and in the other language, each cluster its own, until Reset", async ({ page }) => {
  // four loads of a page that starts two Kubernetes clusters, each replayed in its worker
  test.setTimeout(120_000);
  await page.goto(`/en${LESSON}`);
  let cluster = await openCluster(page, FIRST.en);
  const output = () => outputOf(cluster);
  await run(cluster, 'kubectl create configmap kept-note --from-literal=color=blue');
  await expect(output()).toContainText('configmap/kept-note created');
  await cluster.getByLabel('Node to power off').selectOption('node-2');
  await cluster.getByRole('button', { name: 'Power off', exact: true }).click();
  await expect(output()).toContainText('sim kill node-2');
  await expect(cluster.getByText('kubelet: down')).toBeVisible();
  await cluster.getByLabel('Step size').selectOption('100');
  await cluster.getByRole('button', { name: 'Step', exact: true }).click();
  // a command, a fault and a step: three actions, saved at once
  await expect(cluster.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(3 actions\)/);
  const hash = (await cluster.getByText(/^State hash [0-9a-f]+$/).textContent()) ?? '';
  const clock = (await cluster.getByTestId('sim-clock').textContent()) ?? '';
  expect(hash).not.toBe('');

  // a reload replays the saved log into a fresh worker: the same cluster, the terminal as it was
  await page.reload();
  cluster = await openCluster(page, FIRST.en);
  await expect(cluster.getByText(hash, { exact: true })).toBeVisible();
  await expect(cluster.getByTestId('sim-clock')).toHaveText(clock);
  await expect(output()).toContainText('$ kubectl create configmap kept-note --from-literal=color=blue');
  await expect(output()).toContainText('configmap/kept-note created');
  await expect(output()).toContainText('sim kill node-2');
  await expect(cluster.getByRole('region', { name: 'Cluster', exact: true }).getByText('kubelet: down')).toBeVisible();
  await run(cluster, 'kubectl get configmap kept-note');
  await expect(output()).toContainText(/kept-note\s+1\s+/);
  await expect(cluster.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(4 actions\)/);
  // the lesson's other cluster is its own, and fresh
  const second = await openCluster(page, SECOND);
  await expect(outputOf(second)).not.toContainText('kept-note');
  await expect(second.getByTestId('sim-save-state')).toHaveCount(0);

  // the other language is the same lesson: the same cluster
  await page.getByRole('link', { name: 'Switch to Korean' }).click();
  await expect(page).toHaveURL(new RegExp(`/ko${LESSON}$`));
  cluster = await openCluster(page, FIRST.ko);
  await expect(output()).toContainText('configmap/kept-note created');
  await expect(output()).toContainText('kubectl get configmap kept-note');
  await expect(cluster.getByTestId('sim-save-state')).toHaveText(/^이 브라우저에 저장됨\(동작 4개\)/);

  // Reset: a fresh cluster, and nothing kept of the old one
  await cluster.getByRole('button', { name: '초기화', exact: true }).click();
  await expect(output()).not.toContainText('kept-note');
  await expect(cluster.getByTestId('sim-save-state')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
  await run(cluster, 'kubectl get configmaps');
  await expect(output()).toContainText('kube-root-ca.crt');
  await expect(output()).not.toContainText('kept-note');
  await page.reload();
  cluster = await openCluster(page, FIRST.ko);
  await expect(output()).toContainText('$ kubectl get configmaps');
  await expect(output()).not.toContainText('kept-note');
});

test('a broken saved cluster is ignored, and a browser that will not save leaves the cluster working with one quiet note', async ({ page }) => {
  // forged data under the cluster's key: not replayed, the cluster starts fresh
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('forged') === null) {
      sessionStorage.setItem('forged', '1');
      localStorage.setItem(key, JSON.stringify({ version: 1, scenario: 'other', log: [{ type: 'command', line: 'kubectl delete deployment web' }] }));
    }
  }, KEY);
  await page.goto(`/en${LESSON}`);
  let cluster = await openCluster(page, FIRST.en);
  await expect(outputOf(cluster)).not.toContainText('kubectl delete deployment web');
  await expect(cluster.getByText(/could not be restored/)).toHaveCount(0);

  // storage full: every write refused
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  cluster = await openCluster(page, FIRST.en);
  await run(cluster, 'kubectl create configmap unsaved --from-literal=a=b');
  await expect(outputOf(cluster)).toContainText('configmap/unsaved created');
  await run(cluster, 'kubectl get configmap unsaved');
  await expect(outputOf(cluster)).toContainText(/unsaved\s+1\s+/);
  await expect(page.getByTestId('sim-save-state')).toHaveText(['This browser does not keep this cluster (storage is turned off or full), so a reload starts it fresh.']);
  // no error: the only alert on the page is Next's empty route announcer
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
});

test("a scenario that asks for a speed starts at it (this lesson's: real time), a reload too; one that does not starts at a tenth of real time", async ({ page }) => {
  await page.goto(`/en${LESSON}`);
  const cluster = await openCluster(page, FIRST.en);
  const speed = cluster.getByLabel('Speed', { exact: true });
  await expect(speed).toHaveValue('100');
  await run(cluster, 'kubectl get deployments');
  await page.reload();
  await expect((await openCluster(page, FIRST.en)).getByLabel('Speed', { exact: true })).toHaveValue('100');
  await page.goto('/en/courses/kubernetes-internals/lessons/raft');
  await expect(page.getByLabel('Speed', { exact: true }).first()).toHaveValue('10');
});

test('while the cluster plays it is saved about once a second, and a reload brings back the time played', async ({ page }) => {
  await page.goto(`/en${LESSON}`);
  const cluster = await openCluster(page, FIRST.en);
  const savedTicks = () =>
    page.evaluate((key) => {
      const saved = localStorage.getItem(key);
      if (saved === null) return 0;
      const log = (JSON.parse(saved) as { log: { type: string; ticks?: number }[] }).log;
      return log.reduce((sum, a) => sum + (a.ticks ?? 0), 0);
    }, KEY);
  await cluster.getByLabel('Speed', { exact: true }).selectOption('100');
  await cluster.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(savedTicks, { timeout: 5_000 }).toBeGreaterThan(0);
  const first = await savedTicks();
  // still playing, and saved again since
  await expect.poll(savedTicks, { timeout: 5_000 }).toBeGreaterThan(first);
  await expect(cluster.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const before = await savedTicks();
  await page.reload();
  const again = await openCluster(page, FIRST.en);
  const tick = Number(/Tick (\d+)/.exec((await again.getByTestId('sim-clock').textContent()) ?? '')?.[1]);
  expect(tick).toBeGreaterThanOrEqual(before);
});

test("two tabs of one lesson: a stale tab does not save its older cluster over the other tab's, says so, and loads that one", async ({ page, context }) => {
  // three loads of a page that starts two Kubernetes clusters, two of them open at once
  test.setTimeout(150_000);
  await page.goto(`/en${LESSON}`);
  const a = await openCluster(page, FIRST.en);
  await run(a, 'kubectl create configmap from-a --from-literal=tab=a');
  await expect(a.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(1 action\)/);

  // tab B restores A's cluster and works on
  const other = await context.newPage();
  await other.goto(`/en${LESSON}`);
  const b = await openCluster(other, FIRST.en);
  await expect(outputOf(b)).toContainText('configmap/from-a created');
  await run(b, 'kubectl create configmap from-b --from-literal=tab=b');
  await expect(b.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(2 actions\)/);
  await expect(b.getByTestId('sim-other-tab')).toHaveText('');

  // back in the stale tab A: it has stopped saving, and says so quietly where the save note was
  await page.bringToFront();
  const note = a.getByRole('status').filter({ hasText: 'Another tab of this lesson has saved a different cluster since' });
  await expect(note).toHaveText(/so this tab no longer saves this one: a reload brings back the other tab's\./);
  await expect(a.getByTestId('sim-save-state')).toHaveCount(0);
  // one Step in A saves nothing over B's cluster
  await a.getByRole('button', { name: 'Step', exact: true }).click();
  await run(a, 'kubectl get configmap from-a');
  expect(await savedLines(page)).toEqual(['kubectl create configmap from-a --from-literal=tab=a', 'kubectl create configmap from-b --from-literal=tab=b']);
  // B saves on as before
  await other.bringToFront();
  await run(b, 'kubectl get configmaps');
  await expect(b.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(3 actions\)/);
  await expect.poll(() => savedLines(page)).toHaveLength(3);

  // A loads the other tab's cluster: a reload, which replays it
  await page.bringToFront();
  await note.getByRole('button', { name: "Load the other tab's cluster" }).click();
  const loaded = await openCluster(page, FIRST.en);
  await expect(outputOf(loaded)).toContainText('configmap/from-b created');
  await expect(outputOf(loaded)).toContainText('$ kubectl get configmaps');
  await expect(outputOf(loaded)).not.toContainText('kubectl get configmap from-a');
  await expect(loaded.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(3 actions\)/);
  await expect(loaded.getByTestId('sim-other-tab')).toHaveText('');
  // the two tabs now hold the same cluster: neither is asked about the other
  await expect(b.getByTestId('sim-other-tab')).toHaveText('');
  await run(loaded, 'kubectl get configmap from-b');
  await expect.poll(() => savedLines(page)).toHaveLength(4);
  await expect(b.getByTestId('sim-other-tab')).toHaveText(/^Another tab of this lesson/);
  await other.close();
});

test('a worker that fails while the saved cluster replays keeps it, and the reload it asks for brings the cluster back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/en${LESSON}`);
  let cluster = await openCluster(page, FIRST.en);
  await run(cluster, 'kubectl create configmap survives --from-literal=a=b');
  await expect(cluster.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(1 action\)/);

  // on the next load only, every simulation worker fails as it starts (a crash, not the log's doing)
  await page.addInitScript(() => {
    if (sessionStorage.getItem('crashed') !== null) return;
    sessionStorage.setItem('crashed', '1');
    class CrashingWorker {
      onmessage: unknown = null;
      onerror: ((e: { message: string }) => void) | null = null;
      constructor() {
        setTimeout(() => this.onerror?.({ message: 'the simulation worker crashed' }), 50);
      }
      postMessage() {}
      terminate() {}
      addEventListener() {}
      removeEventListener() {}
    }
    (window as unknown as { Worker: unknown }).Worker = CrashingWorker;
  });
  await page.reload();
  cluster = page.getByRole('region', { name: FIRST.en, exact: true });
  await expect(cluster.getByRole('alert')).toHaveText('The simulation stopped: the simulation worker crashed. Reload the page to start it again.');
  await expect(cluster.getByText(/could not be restored/)).toHaveCount(0);
  expect(await savedLines(page)).toEqual(['kubectl create configmap survives --from-literal=a=b']);

  await page.reload();
  cluster = await openCluster(page, FIRST.en);
  await expect(outputOf(cluster)).toContainText('configmap/survives created');
});

test('a cluster saved by an older simulator is dropped, and the page says so once', async ({ page }) => {
  const OLD = KEY.replace(`:${SIM_CORE_VERSION}:`, ':0.0.1:');
  await page.addInitScript((old) => {
    if (sessionStorage.getItem('seeded') !== null) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem(old, JSON.stringify({ version: 1, scenario: '0123456789abcdef', log: [{ type: 'command', line: 'kubectl create configmap from-old --from-literal=a=b' }] }));
  }, OLD);
  await page.goto(`/en${LESSON}`);
  let cluster = await openCluster(page, FIRST.en);
  await expect(cluster.getByRole('status').filter({ hasText: /^The simulator was updated since you last used this cluster, so it starts fresh\.$/ })).toBeVisible();
  await expect(outputOf(cluster)).not.toContainText('from-old');
  expect(await page.evaluate((key) => localStorage.getItem(key), OLD)).toBeNull();
  // the lesson's other cluster had nothing saved: nothing to say there
  await expect(page.getByTestId('sim-updated')).toHaveCount(1);

  // once: the old cluster is gone, and the next load has nothing to say
  await page.reload();
  cluster = await openCluster(page, FIRST.en);
  await expect(page.getByTestId('sim-updated')).toHaveCount(0);
});
