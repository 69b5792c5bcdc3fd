// Polish from a QA walkthrough: Korean names Kubernetes kinds as the lessons do; the lab's
// Cluster card has one "Cluster" heading; the home page and sign-up know who is signed in;
// an attempt's replay says whose it is; an admin's own row offers no role control that can
// only fail; the instructor area answers a learner with 403; sign-in keeps the query it
// came from; the watch chain has a speed and a way to its end; the terminal does not wrap.
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, signIn, signUp, uniqueEmail } from './fixtures';
import { labSolution, newIdempotencyKey, postAttempt } from './grading-fixtures';

const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
const PREVIEW = '/cluster-preview/l1-objects-and-processes';

test('Korean cluster view names Pod, Deployment, ReplicaSet and Service as the lessons do', async ({ page }) => {
  await page.goto(`/ko${PREVIEW}`);
  const cluster = page.getByRole('region', { name: '클러스터', exact: true });
  await expect(cluster.getByRole('heading', { name: 'Deployment → ReplicaSet → Pod' })).toBeVisible();
  await expect(cluster.getByRole('heading', { name: 'Service', exact: true })).toBeVisible();
  await expect(cluster.getByRole('button', { name: /^Pod web-/ })).toHaveCount(3);
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/팟|디플로이먼트|레플리카셋|서비스/);
});

test('the lab’s Cluster card has one Cluster heading, with its sections right below it', async ({ page }) => {
  await page.goto('/en/labs/first-deployment');
  const card = page.getByRole('region', { name: 'Cluster', exact: true });
  await expect(card.getByRole('heading', { level: 3, name: 'Control plane' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Cluster', exact: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Cluster', exact: true })).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 2, name: 'Cluster', exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { level: 3, name: 'Nodes' })).toBeVisible();
  await expect(card.getByRole('heading', { level: 3, name: 'The watch chain' })).toBeVisible();
});

test('signed in, the home page offers the next step instead of a new account, and sign-up says you are signed in', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('link', { name: 'Create a free account' })).toBeVisible();

  const email = uniqueEmail('home');
  await signUp(page, email);
  await page.goto('/en');
  await expect(page.getByRole('link', { name: 'Create a free account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Your progress' })).toHaveAttribute('href', '/en/progress');

  // after an answer in lesson 1, the home page picks the lesson up again
  await page.goto('/en/courses/kubernetes-internals/lessons/objects-and-processes');
  const card = page.getByRole('article', { name: /^Question 1 of \d+/ });
  await card.getByRole('radio', { name: 'True', exact: true }).check();
  await card.getByRole('button', { name: 'Check answer' }).click();
  await expect(card.getByRole('status')).toContainText('Saved to your progress.');
  await page.goto('/en');
  const resume = page.getByRole('link', { name: 'Continue learning' });
  await expect(resume).toHaveAttribute('href', '/en/courses/kubernetes-internals/lessons/objects-and-processes');

  await page.goto('/ko');
  await expect(page.getByRole('link', { name: '이어서 학습하기' })).toBeVisible();
  await expect(page.getByRole('link', { name: '무료 계정 만들기' })).toHaveCount(0);

  await page.goto('/en/sign-up');
  await expect(page).toHaveURL(/\/en\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are already signed in' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.goto('/ko/sign-up');
  await expect(page.getByRole('heading', { level: 1, name: '이미 로그인되어 있습니다' })).toBeVisible();
});

test('an attempt’s replay is "your attempt" to its learner and names the learner to an admin', async ({ page, browser }) => {
  const LAB = 'etcd-quorum-recovery';
  const learner = uniqueEmail('replayed');
  await signUp(page, learner);
  const verdict = await postAttempt(page, LAB, { actionLog: labSolution(LAB), idempotencyKey: newIdempotencyKey() });
  expect(verdict.status()).toBe(200);
  const { replayUrl } = (await verdict.json()) as { replayUrl: string };
  await page.goto(replayUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Your attempt: /);

  const admin = await browser.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('link', { name: 'Instructor' })).toBeVisible();
  await admin.goto(replayUrl);
  const title = admin.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(new RegExp(`^Attempt by ${learner.replaceAll('.', '\\.')}: `));
  await expect(title).not.toContainText('Your attempt');
  await admin.goto(replayUrl.replace('/en/', '/ko/'));
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${learner.replaceAll('.', '\\.')}의 시도: `));
  await admin.close();
});

test('the admin’s own row shows the role as text, other rows keep the control', async ({ page, browser }) => {
  const other = await browser.newPage();
  const learner = uniqueEmail('row');
  await signUp(other, learner);
  await other.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  // the newest account is at the top of the first page; the admin, the oldest, is found by a search
  await page.goto('/en/instructor/users');
  await expect(page.getByLabel(`Role for ${learner}`)).toBeEnabled();
  await page.goto(`/en/instructor/users?q=${encodeURIComponent(ADMIN.email)}`);
  const own = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(own).toContainText('Administrator (you)');
  await expect(own).toContainText('You cannot change your own role; another administrator can.');
  await expect(own.getByRole('combobox')).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto(`/ko/instructor/users?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('관리자 (나)');
});

test('a learner gets 403 from the instructor pages, with the same refusal page', async ({ page }) => {
  await signUp(page, uniqueEmail('refused'));
  for (const path of ['/en/instructor', '/en/instructor/users', '/en/instructor/learners?page=2', '/ko/instructor/questions']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(path.startsWith('/ko') ? '접근할 수 없습니다' : 'Not allowed');
    // the tab says 403 too, not the title of the page that was refused
    await expect(page, path).toHaveTitle(path.startsWith('/ko') ? /^403 접근할 수 없습니다/ : /^403 Not allowed/);
  }
  // the page keeps the site's header and language
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('link', { name: '코스' })).toBeVisible();
});

test('sign-in keeps the query of the page it came from, and comes back to it', async ({ page }) => {
  await page.goto('/en/instructor/learners?page=abc');
  await expect(page).toHaveURL(/\/en\/sign-in\?next=%2Fen%2Finstructor%2Flearners%3Fpage%3Dabc$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/instructor\/learners\?page=abc$/);

  // still only same-site paths: an absolute address in `next` is ignored
  await page.goto('/en/sign-in?next=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/\/en\/courses$/);
});

/** The number of the current hop, from "Hop 7 of 120 · tick 431". */
async function hopNumber(page: Page): Promise<{ index: number; total: number }> {
  const text = (await page.getByRole('region', { name: 'The watch chain' }).getByText(/^Hop \d+ of \d+ · tick \d+$/).textContent()) ?? '';
  const match = /^Hop (\d+) of (\d+)/.exec(text);
  return { index: Number(match?.[1]), total: Number(match?.[2]) };
}

test('the watch chain plays at a chosen speed and skips to its last hop, by keyboard too', async ({ page }) => {
  await page.goto(`/en${PREVIEW}`);
  const chain = page.getByRole('region', { name: 'The watch chain' });
  const speed = chain.getByLabel('Chain speed');
  await expect(speed).toHaveValue('1');
  await expect(speed.getByRole('option')).toHaveText(['0.5×', '1×', '2×', '4×']);

  // at 4× a hop lasts 550 ms: several hops within 2.5 s, where 1× (2.2 s a hop) moves one at most
  await speed.focus();
  await page.keyboard.press('End'); // a native select: End picks the last option
  await expect(speed).toHaveValue('4');
  await chain.getByRole('button', { name: 'Play the chain' }).click();
  const start = Date.now();
  await expect.poll(async () => (await hopNumber(page)).index, { timeout: 4000 }).toBeGreaterThanOrEqual(4);
  expect(Date.now() - start).toBeLessThan(3500);
  await chain.getByRole('button', { name: 'Pause the chain' }).click();

  // the last hop, from a button reached by keyboard
  const last = chain.getByRole('button', { name: 'Last hop' });
  await last.focus();
  await page.keyboard.press('Enter');
  const { index, total } = await hopNumber(page);
  expect(index).toBe(total);
  await expect(last).toHaveAttribute('aria-disabled', 'true');
  await expect(chain.getByRole('button', { name: 'Next hop' })).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page);

  await page.goto(`/ko${PREVIEW}`);
  const ko = page.getByRole('region', { name: 'watch 체인' });
  await expect(ko.getByLabel('체인 재생 속도')).toBeVisible();
  await expect(ko.getByRole('button', { name: '마지막 홉' })).toBeVisible();
});

test('on a phone the terminal keeps each output line whole and scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/en/sim-preview/l1-objects-and-processes');
  const terminal = page.getByRole('textbox', { name: 'Terminal' });
  await terminal.fill('kubectl get pods -o wide');
  await terminal.press('Enter');
  const output = page.getByRole('log', { name: 'Terminal output' });
  await expect(output).toContainText('NOMINATED NODE');
  const table = output.locator('pre').filter({ hasText: 'NOMINATED NODE' }).last();
  // one drawn line per line of output: the header and three Pods, none wrapped
  const lines = ((await table.textContent()) ?? '').split('\n').length;
  const oneLine = await output.locator('pre').first().evaluate((el) => el.getBoundingClientRect().height); // "$ kubectl …"
  const drawn = await table.evaluate((el, h) => Math.round(el.getBoundingClientRect().height / h), oneLine);
  expect(lines).toBeGreaterThanOrEqual(4);
  expect(drawn).toBe(lines);
  expect(await table.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre');
  // the log scrolls sideways (it is focusable, so arrow keys scroll it); the page does not
  expect(await output.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await output.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => output.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('a language the site does not have in the URL leads to the page, not to a 404', async ({ page }) => {
  await page.goto('/fr/courses');
  await expect(page).toHaveURL(/\/(en|ko)\/courses$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/ko-KR/courses');
  await expect(page).toHaveURL(/\/ko\/courses$/);
  const response = await page.request.get('/en-US/courses?x=1', { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toMatch(/\/en\/courses\?x=1$/);
});
