// A lesson's cluster left while its clock plays comes back at the tick the page showed
// when it was left, not at the last of the saves made about once a second while it plays
// (up to 500 ticks earlier at 500 ticks/s): the page saves the log at the view it shows
// as it is left. It comes back paused there — the worker that played it is gone with the
// page, and a restored cluster starts paused as any does. A page kept in the back/forward
// cache (pagehide with `persisted`) plays and saves on when it comes back; Playwright's
// Chromium runs without that cache, so the test sends the events the browser would. Each
// test holds the saves made while playing for a while before the page is left, so that
// without the save made on leaving, what is kept would surely be behind what was shown.
import type { Locator, Page } from '@playwright/test';
import { SIM_CORE_VERSION } from '../sim-core/index';
import { test, expect } from './fixtures';

const LESSON = '/en/courses/kubernetes-internals/lessons/workloads';
const FIRST = 'One Deployment, one ReplicaSet, three Pods';
const KEY = `reconcile:lesson:kubernetes-internals/workloads:l6-deployment:${SIM_CORE_VERSION}:601`;

interface TestWindow {
  /** the ticks of the saved log's steps of time (Play's frames merge into one): the saved clock, less the setup's */
  savedTicks: () => number;
  /** while true, the cluster's saves are refused as a full storage refuses them */
  holdSaves?: boolean;
  /** the clock whose text the page showed when it was left */
  leftClock?: Element;
}

/**
 * Before the page's scripts, in every page the test loads: window.savedTicks, and
 * window.holdSaves, which refuses the cluster's saves while set — so that the last save
 * that landed is surely far behind the clock when the page is left.
 */
async function watchSaves(page: Page) {
  await page.addInitScript((key) => {
    const w = window as unknown as TestWindow;
    w.savedTicks = () => {
      const saved = localStorage.getItem(key);
      if (saved === null) return 0;
      return (JSON.parse(saved) as { log: { type: string; ticks?: number }[] }).log.reduce((sum, a) => sum + (a.type === 'tick' ? (a.ticks ?? 0) : 0), 0);
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
      if (w.holdSaves === true && k === key) throw new DOMException('held by the test', 'QuotaExceededError');
      setItem.call(this, k, v);
    };
  }, KEY);
}

/** Plays on with the saves held from now: the clock shown at the last save that landed, setup included. */
async function holdSaves(page: Page, start: number): Promise<number> {
  const saved = await page.evaluate(() => {
    const w = window as unknown as TestWindow;
    w.holdSaves = true;
    return w.savedTicks();
  });
  return start + saved;
}

function savedTicks(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as TestWindow).savedTicks());
}

async function openCluster(page: Page): Promise<Locator> {
  const cluster = page.getByRole('region', { name: FIRST, exact: true });
  await expect(cluster.getByTestId('sim-leader')).toBeVisible({ timeout: 30_000 });
  await expect(cluster).toHaveAttribute('aria-busy', 'false');
  return cluster;
}

/** "Tick N · …" → N */
function tickOf(text: string | null): number {
  const tick = /^Tick (\d+) /.exec(text ?? '')?.[1];
  if (tick === undefined) throw new Error(`not a clock: ${text}`);
  return Number(tick);
}

async function shownTick(cluster: Locator): Promise<number> {
  return tickOf(await cluster.getByTestId('sim-clock').textContent());
}

async function playFast(cluster: Locator) {
  await cluster.getByLabel('Speed', { exact: true }).selectOption('500');
  await cluster.getByRole('button', { name: 'Play', exact: true }).click();
}

test('a reload while the cluster plays brings it back at the tick it showed when left, not at the last once-a-second save', async ({ page }) => {
  test.setTimeout(90_000);
  // Leaving lets the held saves through again. This listener runs before the page's own
  // (it is added before the page's scripts run), and notes the clock shown.
  await watchSaves(page);
  await page.addInitScript(() => {
    const w = window as unknown as TestWindow;
    window.addEventListener('pagehide', () => {
      if (w.holdSaves !== true) return;
      w.holdSaves = false;
      sessionStorage.setItem('left-at', w.leftClock?.textContent ?? '');
    });
  });
  await page.goto(LESSON);
  let cluster = await openCluster(page);
  const start = await shownTick(cluster);
  await playFast(cluster);
  await expect.poll(() => savedTicks(page)).toBeGreaterThan(0);
  const held = await holdSaves(page, start);
  // more than a second of play since the last save that landed
  await expect.poll(() => shownTick(cluster), { timeout: 20_000 }).toBeGreaterThan(held + 600);
  await cluster.getByTestId('sim-clock').evaluate((el) => {
    (window as unknown as TestWindow).leftClock = el;
  });

  await page.reload();
  cluster = await openCluster(page);
  const left = tickOf(await page.evaluate(() => sessionStorage.getItem('left-at')));
  expect(left).toBeGreaterThan(held + 600);
  // exactly where it was left, paused there
  expect(await shownTick(cluster)).toBe(left);
  await expect(cluster.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await savedTicks(page)).toBe(left - start);
});

test('a page hidden, or put in the back/forward cache, while the cluster plays saves what it shows at once, then plays and saves on when it comes back', async ({ page }) => {
  await watchSaves(page);
  await page.goto(LESSON);
  const cluster = await openCluster(page);
  const start = await shownTick(cluster);
  await playFast(cluster);
  await expect.poll(() => savedTicks(page)).toBeGreaterThan(0);
  const held = await holdSaves(page, start);
  await expect.poll(() => shownTick(cluster)).toBeGreaterThan(held + 300);

  // in one task, as the browser does it: the page is hidden and put in the cache, and the save is made before the task ends
  const clock = cluster.getByTestId('sim-clock');
  const left = await clock.evaluate((el) => {
    (window as unknown as TestWindow).holdSaves = false;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    return { shown: el.textContent, saved: (window as unknown as TestWindow).savedTicks() };
  });
  expect(left.saved).toBe(tickOf(left.shown) - start);

  // back from the cache: the clock plays on, and the saves on the usual beat follow it
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });
  const back = tickOf(left.shown);
  await expect.poll(() => shownTick(cluster)).toBeGreaterThan(back + 300);
  await expect.poll(() => savedTicks(page)).toBeGreaterThan(back - start + 300);
  await expect(cluster.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(cluster.getByTestId('sim-save-state')).toHaveText(/^Saved in this browser \(1 action\)/);
});
