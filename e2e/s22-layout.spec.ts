// Three layout points from a walkthrough. At 1280 px, a full `kubectl get pods -o wide`
// row (about 115 characters, kubectl's widest Pod table) shows without sideways scrolling
// in the terminal, in the watch-chain lesson and in a lab: the terminal has the cluster
// view's (or the workspace's) whole width. On a phone, a lab's Hints and Submit come right
// after the editor and the terminal, before the cluster's panels, in the DOM as on screen.
// The keyspace tree opens on the kinds a learner works with (deployments, replicasets,
// pods, services); the bootstrap's RBAC, leases, events… are folded, and a folder the
// learner opens stays open as the keyspace changes.
import type { Locator, Page } from '@playwright/test';
import { test, expect, runInTerminal } from './fixtures';

const LESSON = '/en/courses/kubernetes-internals/lessons/watch-chain';
const LESSON_CLUSTER = 'From kubectl apply to Running';
const LAB = '/en/labs/rolling-update';
const WIDE = 'kubectl get pods -o wide';

/** How far the terminal's output reaches past its own box sideways (0: no sideways scrolling). */
function sidewaysScroll(output: Locator): Promise<number> {
  return output.evaluate((el) => el.scrollWidth - el.clientWidth);
}

/** The lesson's cluster, started, with the Deployment's three Pods Running. */
async function lessonWithPods(page: Page): Promise<Locator> {
  await page.goto(LESSON);
  const cluster = page.getByRole('region', { name: LESSON_CLUSTER, exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  const input = cluster.getByRole('textbox', { name: 'Terminal', exact: true });
  await input.fill('kubectl create deployment web --image=nginx:1.27 --replicas=3');
  await input.press('Enter');
  await expect(cluster.getByRole('log', { name: 'Terminal output' })).toContainText('deployment.apps/web created');
  await cluster.getByLabel('Step size').selectOption('100');
  const step = cluster.getByRole('button', { name: 'Step', exact: true });
  for (let i = 0; i < 8; i++) await step.click();
  return cluster;
}

test('at 1280 px the lesson terminal shows a whole `kubectl get pods -o wide` row, at a readable size', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const cluster = await lessonWithPods(page);
  const input = cluster.getByRole('textbox', { name: 'Terminal', exact: true });
  const output = cluster.getByRole('log', { name: 'Terminal output' });
  await input.fill(WIDE);
  await input.press('Enter');
  await expect(output).toContainText(/NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES/);
  await expect(output).toContainText(/web-[a-z0-9]+-[a-z0-9]+\s+1\/1\s+Running\s+0\s+\S+\s+10\.244\.\d+\.\d+\s+node-\d\s+<none>\s+<none>/);
  expect(await sidewaysScroll(output)).toBeLessThanOrEqual(0);
  // room to spare: 130 characters of the terminal's font fit in its output
  const room = await output.evaluate((el) => {
    const probe = document.createElement('pre');
    probe.textContent = 'x'.repeat(130);
    probe.style.display = 'inline-block';
    el.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    const style = getComputedStyle(el);
    return { width, inner: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), fontSize: parseFloat(style.fontSize) };
  });
  expect(room.width).toBeLessThanOrEqual(room.inner);
  expect(room.fontSize).toBeGreaterThanOrEqual(12);
  // and the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('at 1280 px a lab terminal shows a whole `kubectl get pods -o wide` row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(LAB);
  await runInTerminal(page, WIDE);
  const output = page.getByRole('log', { name: 'Terminal output' });
  await expect(output).toContainText(/web-[a-z0-9]+-[a-z0-9]+\s+1\/1\s+Running\s+0\s+\S+\s+10\.244\.\d+\.\d+\s+node-\d\s+<none>\s+<none>/);
  expect(await sidewaysScroll(output)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('on a 375 px phone a lab reads goals, editor, terminal, Hints, Submit, then the cluster, in the DOM as on screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(LAB);
  await expect(page.getByRole('textbox', { name: 'Terminal', exact: true })).toBeEnabled();
  const boxes = {
    goals: page.getByRole('region', { name: 'Goals' }),
    editor: page.getByRole('region', { name: 'Manifest editor' }),
    terminal: page.getByRole('log', { name: 'Terminal output' }),
    hints: page.getByRole('button', { name: 'Show hint' }),
    submit: page.getByRole('button', { name: 'Submit' }),
    cluster: page.getByRole('region', { name: 'Cluster', exact: true }).filter({ has: page.getByRole('toolbar') }),
  };
  const tops: number[] = [];
  for (const box of Object.values(boxes)) {
    const b = await box.boundingBox();
    if (b === null) throw new Error('a part of the workspace is not on the page');
    tops.push(b.y);
  }
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  // Submit's top is above the Cluster panel's, and Tab reaches Submit before the cluster's controls
  const submitFirst = await boxes.submit.evaluate((submit) => {
    const cluster = [...document.querySelectorAll('section')].find((s) => s.querySelector('[role="toolbar"]') !== null && s.querySelector('h2')?.textContent === 'Cluster');
    return cluster !== undefined && (submit.compareDocumentPosition(cluster) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  expect(submitFirst).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('the keyspace tree opens on the kinds the learner works with; the bootstrap folders are folded until opened, and stay open', async ({ page }) => {
  test.setTimeout(90_000);
  const cluster = await lessonWithPods(page);
  const keys = cluster.getByRole('navigation', { name: 'Keys' });
  const folder = (name: string) => keys.getByRole('button', { name: new RegExp(`^${name} \\(\\d+ keys?\\)$`) });
  for (const name of ['deployments/', 'replicasets/', 'pods/']) await expect(folder(name)).toHaveAttribute('aria-expanded', 'true');
  await expect(keys.getByRole('button', { name: /^web-[a-z0-9]+-[a-z0-9]+$/ }).first()).toBeVisible();
  for (const name of ['clusterrolebindings/', 'clusterroles/', 'serviceaccounts/', 'leases/', 'events/', 'minions/', 'namespaces/']) {
    await expect(folder(name)).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(keys.getByRole('button', { name: 'cluster-admin', exact: true })).toHaveCount(0);
  // the learner's choices hold while the keyspace changes under them
  await folder('clusterroles/').click();
  await folder('pods/').click();
  await expect(keys.getByRole('button', { name: 'cluster-admin', exact: true })).toBeVisible();
  await cluster.getByRole('textbox', { name: 'Terminal', exact: true }).fill('kubectl scale deployment web --replicas=4');
  await cluster.getByRole('textbox', { name: 'Terminal', exact: true }).press('Enter');
  await cluster.getByRole('button', { name: 'Step', exact: true }).click();
  // the 4 web Pods and the control plane's 3 mirror Pods
  await expect(folder('pods/')).toHaveAccessibleName('pods/ (7 keys)');
  await expect(folder('pods/')).toHaveAttribute('aria-expanded', 'false');
  await expect(folder('clusterroles/')).toHaveAttribute('aria-expanded', 'true');
});

test("a lab's keyspace also opens on the folders its goals read: the Leases in leader-election", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en/labs/leader-election');
  const keys = page.getByRole('navigation', { name: 'Keys' });
  const folder = (name: string) => keys.getByRole('button', { name: new RegExp(`^${name} \\(\\d+ keys?\\)$`) });
  await expect(folder('leases/')).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
  await expect(folder('clusterroles/')).toHaveAttribute('aria-expanded', 'false');
});
