// The Content-Security-Policy (proxy.ts): every page gets one with a fresh nonce, Next's
// own scripts and the theme script carry it, and nothing the app loads — the live sim's
// Web Worker, the lab workspace with Monaco and its workers — is blocked by it.
import { test, expect } from './fixtures';
import { watchCspViolations } from './grading-fixtures';

const COURSE = '/en/courses/kubernetes-internals';
const RAFT_LESSON = `${COURSE}/lessons/raft`;

function nonceOf(policy: string | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
}

test('the home, course and lesson pages carry a CSP with a fresh nonce on their scripts', async ({ page }) => {
  const nonces: string[] = [];
  for (const url of ['/en', COURSE, RAFT_LESSON]) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const policy = response?.headers()['content-security-policy'];
    expect(policy, url).toContain("default-src 'self'");
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    const nonce = nonceOf(policy);
    expect(nonce, url).toBeTruthy();
    nonces.push(nonce!);
    // every script the server sent — the inline theme script and Next's own — carries this request's nonce
    // (scripts added later by a nonced script are trusted through 'strict-dynamic')
    const html = (await response?.text()) ?? '';
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scriptTags.length, url).toBeGreaterThan(0);
    expect(scriptTags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
  }
  expect(new Set(nonces).size).toBe(nonces.length);
});

test('API answers carry a CSP that allows nothing', async ({ page }) => {
  const response = await page.request.get('/api/health');
  expect(response.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

test('no CSP violation while the home page and a lesson with a live cluster load and the cluster steps', async ({ page }) => {
  const violations = await watchCspViolations(page);
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(RAFT_LESSON);
  // the live cluster runs sim-core in a Web Worker: it elects a leader, then steps
  const clock = page.getByTestId('sim-clock').first();
  await expect(page.getByTestId('sim-leader').first()).toContainText(/Leader: etcd-\d/, { timeout: 30_000 });
  const before = await clock.textContent();
  await page.getByRole('button', { name: 'Step', exact: true }).first().click();
  await expect(clock).not.toHaveText(before ?? '');
  expect(await violations()).toEqual([]);
});

test('no CSP violation on a lab page (Monaco and its workers, the sim worker)', async ({ page }) => {
  const violations = await watchCspViolations(page);
  // a Kubernetes lab: its manifests open in Monaco, whose editor and YAML workers load from the app
  const response = await page.goto('/en/labs/first-deployment');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('textbox', { name: 'Terminal' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
