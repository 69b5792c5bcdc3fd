// The control-plane cluster view on its preview page: node boxes with their Pods, the
// control-plane processes, the watch chain stepped with the keyboard, reduced motion,
// and axe in light and dark mode.
import { test, expect, expectNoAxeViolations } from './fixtures';

// lesson 1's scenario: `kubectl create deployment web --image=nginx:1.27 --replicas=3`, `sim settle`
const PAGE = '/en/cluster-preview/l1-objects-and-processes';

test('the cluster view shows the nodes with their Pods and the control plane', async ({ page }) => {
  await page.goto(PAGE);
  const cluster = page.getByRole('region', { name: 'Cluster', exact: true });
  for (const name of ['control-plane', 'node-1', 'node-2', 'node-3']) {
    await expect(cluster.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  for (const name of ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'etcd']) {
    await expect(cluster.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  // the control-plane node is tainted, so the three nginx Pods run on the workers
  const controlPlane = cluster.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'control-plane', exact: true }) });
  await expect(controlPlane.getByText('node-role.kubernetes.io/control-plane:NoSchedule')).toBeVisible();
  const pods = cluster.getByRole('button', { name: /^Pod web-[a-z0-9]+-[a-z0-9]{5} Running \(1\/1 ready\)$/ });
  await expect(pods).toHaveCount(3);
  await expect(cluster.getByText('Every Pod has a node.')).toBeVisible();

  // a Pod's details on focus, by keyboard alone
  await pods.first().focus();
  await expect(cluster.getByRole('heading', { name: /^Pod web-/ })).toBeVisible();
  await expect(cluster.getByText(/^ReplicaSet\/web-[a-z0-9]+$/)).toBeVisible();
  // the control-plane node runs its static Pods; their mirror Pods say what they are
  const scheduler = controlPlane.getByRole('button', { name: 'Pod kube-scheduler-control-plane Running (1/1 ready)' });
  await scheduler.focus();
  await expect(cluster.getByRole('heading', { name: /^Pod kube-scheduler-control-plane/ })).toBeVisible();
  await expect(cluster.getByText('Node/control-plane', { exact: true })).toBeVisible();
  await expect(cluster.getByText(/^A mirror Pod: the record the kubelet on control-plane writes/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the watch chain steps hop by hop with the keyboard and announces each hop', async ({ page }) => {
  await page.goto(PAGE);
  const chain = page.getByRole('region', { name: 'The watch chain' });
  const position = chain.getByText(/^Hop \d+ of \d+ · tick \d+$/);
  const current = chain.getByRole('group', { name: 'Current hop' });
  await expect(position).toHaveText(/^Hop 1 of \d+/);
  await expect(current.getByText('kubectl → kube-apiserver: create deployments/web')).toBeVisible();
  await expect(current.getByText(/kubectl turns the YAML into JSON/)).toBeVisible();

  const next = chain.getByRole('button', { name: 'Next hop' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(position).toHaveText(/^Hop 2 of \d+/);
  await expect(current.getByText(/^kube-apiserver → etcd-\d: put \/registry\/deployments\/default\/web \(revision \d+\)$/)).toBeVisible();
  await expect(current.getByText(/Only the API server talks to etcd/)).toBeVisible();
  await expect(chain.getByRole('status')).toHaveText(/^Hop 2 of \d+: kube-apiserver → etcd-\d: put/);

  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText(/^Hop 3 of \d+/);
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText(/^Hop 2 of \d+/);
  await page.keyboard.press('End');
  await expect(position).toHaveText(/^Hop (\d+) of \1 ·/);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toBeFocused();
  await page.keyboard.press('Home');
  await expect(position).toHaveText(/^Hop 1 of \d+/);

  // every hop is listed; choosing one jumps to it
  await chain.getByText(/^All \d+ hops$/).click();
  await chain.getByRole('button', { name: /^kube-scheduler → kube-apiserver: bind pod web-/ }).first().click();
  await expect(current.getByText('Bind', { exact: true })).toBeVisible();
  await expect(current.getByText(/The scheduler does not send the Pod to a node/)).toBeVisible();
});

test('the chain plays on its own and stands still under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(PAGE);
  const chain = page.getByRole('region', { name: 'The watch chain' });
  const marker = chain.locator('[data-self]');
  await expect(marker).toHaveCount(1);
  expect(await marker.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await chain.getByRole('button', { name: 'Play the chain' }).click();
  await expect(chain.getByText(/^Hop 2 of \d+ · tick/)).toBeVisible({ timeout: 5000 });
  await chain.getByRole('button', { name: 'Pause the chain' }).click();
  await expect(chain.getByRole('button', { name: 'Play the chain' })).toBeVisible();
});

test('the preview is axe-clean in dark mode and in Korean, and unknown scenarios are 404', async ({ page }) => {
  await page.goto(PAGE);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);
  await page.goto('/ko/cluster-preview/l1-objects-and-processes');
  await expect(page.getByRole('heading', { name: 'watch 체인' })).toBeVisible();
  await expectNoAxeViolations(page);
  const etcdOnly = await page.goto('/en/cluster-preview/l3-mvcc');
  expect(etcdOnly?.status()).toBe(404);
  const missing = await page.goto('/en/cluster-preview/no-such-scenario');
  expect(missing?.status()).toBe(404);
});

test('a scenario with no setup shows the empty states', async ({ page }) => {
  await page.goto('/en/cluster-preview/l2-watch-chain');
  await expect(page.getByRole('region', { name: 'The watch chain' }).getByText('No hops yet: create or change an object and the chain appears here.')).toBeVisible();
  const cluster = page.getByRole('region', { name: 'Cluster', exact: true });
  await expect(cluster.getByRole('heading', { name: 'node-3', exact: true })).toBeVisible();
  // the control plane's mirror Pods are on control-plane from the start
  await expect(cluster.getByText('Every Pod has a node.')).toBeVisible();
  await expect(cluster.getByText('No Deployments.')).toBeVisible();
  await expectNoAxeViolations(page);
});
