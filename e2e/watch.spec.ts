// `kubectl get -w` in a lesson's terminal keeps watching after it returns: the prompt is
// free for other commands, each change comes as a row when simulated time passes, the
// status line and a Stop button say it still runs, Ctrl+C at an empty prompt ends it with
// ^C, and a reload brings the rows back where they were shown.
import type { Locator } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';

const LESSON = '/en/courses/kubernetes-internals/lessons/watch-chain';
const WATCH = 'kubectl get pods -o wide -w';

function outputOf(cluster: Locator): Locator {
  return cluster.getByRole('log', { name: 'Terminal output' });
}

test('kubectl get -w prints each change as time passes, other commands run meanwhile, and Ctrl+C ends it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(LESSON);
  const cluster = page.getByRole('region', { name: 'From kubectl apply to Running', exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  const input = cluster.getByRole('textbox', { name: 'Terminal', exact: true });
  const output = outputOf(cluster);

  await input.fill(WATCH);
  await input.press('Enter');
  const status = cluster.getByText(`Still running: ${WATCH}`, { exact: false });
  await expect(status).toBeVisible();
  const stop = cluster.getByRole('button', { name: 'Stop watching' });
  await expect(stop).toBeVisible();

  // the prompt is free: the Deployment is created while the watch runs
  await input.fill('kubectl create deployment web --image=nginx:1.27 --replicas=3');
  await input.press('Enter');
  await expect(output).toContainText('deployment.apps/web created');
  await expect(status).toBeVisible();

  await cluster.getByLabel('Step size').selectOption('100');
  const step = cluster.getByRole('button', { name: 'Step', exact: true });
  for (let i = 0; i < 8; i++) await step.click();
  // the rows came after the create, under it, as the watch saw each change
  const text = (await output.textContent()) ?? '';
  const after = text.slice(text.indexOf('deployment.apps/web created'));
  expect(after).toMatch(/NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE/);
  expect(after).toMatch(/web-[a-z0-9]+-[a-z0-9]+\s+0\/1\s+Pending/);
  await expect(output).toContainText(/web-[a-z0-9]+-[a-z0-9]+\s+1\/1\s+Running/);
  await expectNoAxeViolations(page);

  // Ctrl+C at the empty prompt: ^C, and nothing runs any more
  await input.focus();
  await input.press('Control+c');
  await expect(status).toHaveCount(0);
  await expect(stop).toHaveCount(0);
  await expect(output).toContainText('^C');
  const rowsAtStop = ((await output.textContent()) ?? '').length;
  await step.click();
  await expect(cluster.getByTestId('sim-clock')).not.toHaveText('');
  expect(((await output.textContent()) ?? '').length).toBe(rowsAtStop);

  // a reload replays the saved log: the rows, the create between them and the ^C, as shown
  const shown = (await output.textContent()) ?? '';
  await page.reload();
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  await expect(cluster).toHaveAttribute('aria-busy', 'false');
  await expect(output).toContainText('^C');
  expect(((await output.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(after.slice(0, 200).replace(/\s+/g, ' ').trim());
  expect(shown).toContain('^C');
  await expect(stop).toHaveCount(0);
});

test('the Stop watching button ends the watch, keyboard and all', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(LESSON);
  const cluster = page.getByRole('region', { name: 'From kubectl apply to Running', exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  await cluster.getByRole('button', { name: WATCH, exact: true }).click();
  const stop = cluster.getByRole('button', { name: 'Stop watching' });
  await expect(stop).toBeVisible();
  await stop.focus();
  await page.keyboard.press('Enter');
  await expect(stop).toHaveCount(0);
  await expect(outputOf(cluster)).toContainText('^C');
  // the keyboard is back at the prompt, not lost with the button
  await expect(cluster.getByRole('textbox', { name: 'Terminal', exact: true })).toBeFocused();
});

test('etcdctl watch replays the history from --rev, keeps watching while other commands run, and Ctrl+C ends it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en/courses/kubernetes-internals/lessons/etcd-source-of-truth');
  const cluster = page.getByRole('region', { name: 'Revisions, history, compaction and leases', exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  const input = cluster.getByRole('textbox', { name: 'Terminal', exact: true });
  const output = outputOf(cluster);
  const watch = 'etcdctl watch /registry/configmaps --prefix --rev=2';
  await input.fill(watch);
  await input.press('Enter');
  // the history comes with the command, paused clock or not: the two writes of the setup
  await expect(output).toContainText(/PUT\s*\/registry\/configmaps\/default\/app-config\s*v1\s*PUT\s*\/registry\/configmaps\/default\/app-config\s*v2/);
  await expect(cluster.getByText(`Still running: ${watch}`, { exact: false })).toBeVisible();

  await input.fill('etcdctl put /registry/configmaps/default/app-config v4');
  await input.press('Enter');
  // under the put, named as the watch's, not the put's
  await expect(output).toContainText(/OK\s*↳ etcdctl watch \/registry\/configmaps --prefix --rev=2 \(continued\)\s*PUT\s*\/registry\/configmaps\/default\/app-config\s*v4/);

  await input.focus();
  await input.press('Control+c');
  await expect(output).toContainText('^C');
  await expect(cluster.getByRole('button', { name: 'Stop watching' })).toHaveCount(0);
});

test('kubectl logs -f keeps following: each sim curl is followed by the access-log line of the Pod that served it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en/courses/kubernetes-internals/lessons/nodes-and-services');
  const cluster = page.getByRole('region', { name: 'Service, Endpoints and kube-proxy', exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  const input = cluster.getByRole('textbox', { name: 'Terminal', exact: true });
  const output = outputOf(cluster);
  const follow = 'kubectl logs -f -l app=web --prefix --tail=0';
  await input.fill(follow);
  await input.press('Enter');
  await expect(cluster.getByText(`Still running: ${follow}`, { exact: false })).toBeVisible();
  await input.fill('sim curl web');
  await input.press('Enter');
  await expect(output).toContainText(/Welcome to nginx![\s\S]*\[pod\/web-[a-z0-9]+-[a-z0-9]{5}\/nginx\] 10\.244\.[0-9.]+ - - \[[^\]]+\] "GET \/ HTTP\/1\.1" 200/);
  await input.press('Control+c');
  await expect(output).toContainText('^C');
  await expect(cluster.getByRole('button', { name: 'Stop watching' })).toHaveCount(0);
});

test('on a 375 px phone a running watch leaves the prompt wide enough to type: Stop watching takes a row of its own (Korean too)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, region, textbox, stopName] of [
    [LESSON, 'From kubectl apply to Running', 'Terminal', 'Stop watching'],
    [LESSON.replace('/en/', '/ko/'), undefined, '터미널', '지켜보기 멈추기'],
  ] as const) {
    await page.goto(path);
    const cluster = region !== undefined ? page.getByRole('region', { name: region, exact: true }) : page.locator('main');
    await expect(cluster.getByTestId('sim-leader').first()).toBeVisible({ timeout: 30_000 });
    const input = cluster.getByRole('textbox', { name: textbox, exact: true }).first();
    await input.fill(WATCH);
    await input.press('Enter');
    const stop = cluster.getByRole('button', { name: stopName }).first();
    await expect(stop).toBeVisible();
    const box = await input.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(150);
    const stopBox = await stop.boundingBox();
    // within the page's width, on the row under the input
    expect((stopBox?.x ?? 0) + (stopBox?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(stopBox?.y ?? 0).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0) - 1);
    await input.press('Control+c');
    await expect(stop).toHaveCount(0);
  }
});
