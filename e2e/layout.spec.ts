// Layout on a phone (375 px) in English and Korean: the watch-chain lesson (its quiz has a
// classify question whose bucket names are long) and the first-deployment lab (the
// Cluster panel with its speed select) fit the screen and their cards; the signed-in
// header and the instructor overview's table keep their words whole. In Korean the
// terminal keeps its monospace font, so kubectl's columns line up; the app has an icon.
import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, signOut, signUp, uniqueEmail } from './fixtures';

const PHONE = { width: 375, height: 800 };
const LESSON = '/courses/kubernetes-internals/lessons/watch-chain';
const LAB = '/labs/first-deployment';
const TERMINAL = { en: 'Terminal', ko: '터미널' } as const;
const TERMINAL_OUTPUT = { en: 'Terminal output', ko: '터미널 출력' } as const;
const CLUSTER = { en: 'Cluster', ko: '클러스터' } as const;
const LOCALES = ['en', 'ko'] as const;

/** How far the page reaches past the right edge of the window (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** How far the widest descendant of a box reaches past the box's own right edge; content
 *  inside a scrolling area (a terminal, the keyspace tree) is clipped there and not counted. */
async function overflowOf(box: Locator): Promise<number> {
  return box.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    const clipped = (child: Element) => {
      for (let p = child.parentElement; p !== null && p !== el; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    let widest = right;
    for (const child of el.querySelectorAll('*')) {
      if (!clipped(child)) widest = Math.max(widest, child.getBoundingClientRect().right);
    }
    return Math.round(widest - right);
  });
}

const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

/** The words of a box's text that are drawn on two lines ("Cour|ses"). */
async function brokenWords(box: Locator): Promise<string[]> {
  return box.evaluate((el) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** The fonts of --font-mono as the page computes them, first family first. */
async function monoStack(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim());
}

for (const locale of LOCALES) {
  test(`at 375 px the watch-chain lesson and its quiz fit the screen (${locale})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/${locale}${LESSON}`);
    // the live cluster has started and the quiz (with its classify question) is there
    await expect(page.getByRole('textbox', { name: TERMINAL[locale], exact: true })).toBeEnabled();
    const classify = page.locator('fieldset.classify-items').first();
    await expect(classify).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // every bucket select stays inside its question card
    const card = page.locator('.quiz-list > li').filter({ has: classify });
    expect(await overflowOf(card)).toBeLessThanOrEqual(0);
  });

  test(`at 375 px the first-deployment lab and its Cluster panel fit the screen (${locale})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/${locale}${LAB}`);
    await expect(page.getByRole('textbox', { name: TERMINAL[locale], exact: true })).toBeEnabled();
    // the lab's Cluster panel (the one with the controls), not the cluster view inside it
    const cluster = page.getByRole('region', { name: CLUSTER[locale], exact: true }).filter({ has: page.getByRole('toolbar') });
    await expect(cluster.getByRole('combobox').last()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // the speed select and the sections inside end within the panel's card
    expect(await overflowOf(cluster)).toBeLessThanOrEqual(0);
  });
}

test('at 375 px the signed-in header and the instructor overview keep their words whole', async ({ page }) => {
  // a learner, so the overview has its completion table
  await signUp(page, uniqueEmail('layout'));
  await signOut(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('link', { name: 'Instructor' })).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.goto('/en/instructor');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveCount(3);
  expect(await brokenWords(nav)).toEqual([]);
  expect(await brokenWords(page.locator('.header-tools'))).toEqual([]);
  // lesson names break between words only; the table scrolls inside its card instead
  const table = page.getByRole('table', { name: /out of \d+ learner/ });
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  expect(await brokenWords(table.getByRole('rowgroup').last())).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('the Korean lab terminal prints in the monospace font, not in Noto Sans KR', async ({ page }) => {
  await page.goto(`/ko${LAB}`);
  const input = page.getByRole('textbox', { name: TERMINAL.ko, exact: true });
  await expect(input).toBeEnabled();
  await input.fill('kubectl get nodes');
  await input.press('Enter');
  const output = page.getByRole('log', { name: TERMINAL_OUTPUT.ko });
  await expect(output).toContainText('control-plane');

  const mono = await monoStack(page);
  expect(mono).toMatch(/^ui-monospace,/);
  // the output box, the command line, its "# 설정" note and kubectl's table
  const fonts = await output.evaluate((el) => [el, ...el.querySelectorAll('pre, pre span')].map((e) => getComputedStyle(e).fontFamily));
  expect(fonts.length).toBeGreaterThan(1);
  for (const font of fonts) {
    expect(font).toMatch(/^ui-monospace,/);
    expect(font).not.toMatch(/^"?Noto Sans KR/);
  }
  // the Korean prose around it is in Noto Sans KR
  expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Noto Sans KR Variable"/);
});

test('the 한국어 switch on an English page is set in Noto Sans KR, not drawn as boxes', async ({ page }) => {
  await page.goto('/en');
  const switcher = page.getByRole('link', { name: 'Switch to Korean' });
  await expect(switcher).toHaveText('한국어');
  expect(await switcher.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Noto Sans KR Variable"/);
});

test('every page declares the app icon and the icon is served', async ({ page, request }) => {
  await page.goto('/en');
  const link = page.locator('head link[rel="icon"]').first();
  await expect(link).toHaveAttribute('href', /^\//);
  const icon = await request.get((await link.getAttribute('href')) ?? '');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
});
