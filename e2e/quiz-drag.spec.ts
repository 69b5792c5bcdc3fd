// A classify question answered with the mouse: items are dragged from their rows into the
// buckets and from one bucket to the other (HTML5 drag and drop), the item's select shows
// each drop (the keyboard path and the drag share one answer), a drop is announced, the
// bucket under the pointer shows it takes the item, an item dragged from a bucket back to the
// list of items is taken out of its bucket, and after the check nothing moves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

const LESSON = path.join(import.meta.dirname, '..', 'content', 'courses', 'kubernetes-internals', 'lessons', '01-objects-and-processes', 'quiz.yaml');

interface KeyQuestion {
  id: string;
  type: string;
  buckets?: { id: string; label: { en: string } }[];
  items?: { id: string; text: { en: string }; bucket: string }[];
}

test('a classify question is answered by dragging items into buckets; each item’s select follows, and the server grades it', async ({ page }) => {
  const questions = (parse(readFileSync(LESSON, 'utf8')) as { questions: KeyQuestion[] }).questions;
  const index = questions.findIndex((q) => q.type === 'classify');
  const q = questions[index]!;
  const bucketName = new Map(q.buckets!.map((b) => [b.id, b.label.en]));
  // tall enough to show the items and the buckets at once: Playwright scrolls a drop target
  // into view while the button is down, and a drag whose page scrolled under it never starts
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto('/en/courses/kubernetes-internals/lessons/objects-and-processes');
  const c = page.getByRole('article', { name: new RegExp(`^Question ${index + 1} of ${questions.length}\\b`) });
  await expect(c.getByText(/^Drag each item into a group below, or choose its group/)).toBeVisible();
  await c.locator('.quiz-classify').scrollIntoViewIfNeeded();

  const selector = (item: string) => `select[id="q-${q.id}-${item}"]`;
  const select = (item: string) => c.locator(selector(item));
  // the part of the item's row that picks it up (the `has` locator is relative to the row)
  const row = (item: string): Locator => c.locator('.classify-item').filter({ has: page.locator(selector(item)) }).locator('.classify-item-handle');
  const bucket = (id: string) => c.getByRole('region', { name: bucketName.get(id)!, exact: true });
  const announced = c.locator('.quiz-classify [aria-live="polite"]');
  // the list of items, every item's row with its select
  const list = c.locator('fieldset.classify-items');

  /**
   * HTML5 drag and drop as the browser fires it — dragstart on the item, dragenter and
   * dragover on the bucket, then (unless `hold`) drop and dragend — with one DataTransfer.
   * Playwright's pointer drags (dragTo, mouse.down/up) start or drop only now and then in
   * headless Chromium once the page has scrolled, so only the first drag below is one.
   */
  const drag = async (source: Locator, target: Locator, hold?: () => Promise<void>) => {
    const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
    // the element itself: an item dragged out of a bucket is gone from it once dropped
    const dragged = await source.elementHandle();
    await source.dispatchEvent('dragstart', { dataTransfer });
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await hold?.();
    await target.dispatchEvent('drop', { dataTransfer });
    await dragged?.dispatchEvent('dragend', { dataTransfer });
  };

  // a process, dropped first (wrongly) among the records, with the mouse
  const moved = q.items!.find((i) => i.bucket === 'process')!;
  const words = moved.text.en.replaceAll('`', '');
  await expect(select(moved.id)).toHaveValue('');
  // tried until the select follows: the page may not be hydrated yet (the server's markup is
  // draggable, but nothing handles the drag), and a pointer drag now and then does not start
  await expect(async () => {
    await row(moved.id).dragTo(bucket('record'));
    await expect(select(moved.id)).toHaveValue('record', { timeout: 2_000 });
  }).toPass();
  await expect(bucket('record').getByRole('listitem')).toHaveText([words]);
  await expect(select(moved.id)).toHaveValue('record');
  await expect(announced).toHaveText(`“${words}” put in “${bucketName.get('record')}”.`);

  // then from that bucket into the other: while over it, the bucket shows it takes the item
  await drag(bucket('record').getByRole('listitem').filter({ hasText: words }), bucket('process'), async () => {
    await expect(bucket('process')).toHaveClass(/\bis-drop-target\b/);
    await expect(bucket('process')).toHaveCSS('border-top-style', 'solid');
    await expect(bucket('record')).toHaveCSS('border-top-style', 'dashed');
  });
  await expect(bucket('record').getByRole('listitem')).toHaveCount(0);
  await expect(bucket('record')).toContainText('Nothing here yet.');
  await expect(bucket('process').getByRole('listitem')).toHaveText([words]);
  await expect(select(moved.id)).toHaveValue('process');
  await expect(bucket('process')).not.toHaveClass(/\bis-drop-target\b/);

  // back from the bucket to the list: out of its bucket, as "Choose a group…" in its select;
  // while over it, the list shows it takes the item, in the dark theme's accent here
  await expect(list).toHaveCSS('outline-style', 'none');
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  // the theme's own colours, as its variables resolve now (not literal values a palette change would break)
  const themeColour = (variable: string) =>
    page.evaluate((v) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = `var(${v})`;
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    }, variable);
  const [accent, accentSoft] = [await themeColour('--accent'), await themeColour('--accent-soft')];
  await drag(bucket('process').getByRole('listitem').filter({ hasText: words }), list, async () => {
    await expect(list).toHaveClass(/\bis-drop-target\b/);
    await expect(list).toHaveCSS('outline-style', 'solid');
    await expect(list).toHaveCSS('outline-color', accent);
    await expect(list).toHaveCSS('background-color', accentSoft);
  });
  await page.evaluate((t) => {
    if (t === undefined) delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = t;
  }, theme);
  await expect(bucket('process').getByRole('listitem')).toHaveCount(0);
  await expect(select(moved.id)).toHaveValue('');
  await expect(announced).toHaveText(`“${words}” taken out of “${bucketName.get('process')}”.`);
  await expect(list).not.toHaveClass(/\bis-drop-(target|ready)\b/);
  // an item in no bucket let go on the list: nothing to take out, nothing said
  await drag(row(moved.id), list, async () => {
    await expect(list).not.toHaveClass(/\bis-drop-(target|ready)\b/);
  });
  await expect(select(moved.id)).toHaveValue('');
  await expect(announced).toHaveText(`“${words}” taken out of “${bucketName.get('process')}”.`);
  // and into its bucket again
  await drag(row(moved.id), bucket('process'));
  await expect(select(moved.id)).toHaveValue('process');

  // every other item into its bucket, all by dragging, each drop seen before the next drag
  for (const it of q.items!) {
    if (it === moved) continue;
    await drag(row(it.id), bucket(it.bucket));
    await expect(select(it.id), it.id).toHaveValue(it.bucket);
  }
  await expect(bucket('record').getByRole('listitem')).toHaveCount(q.items!.filter((i) => i.bucket === 'record').length);
  // a placed item's row picked up and let go in the list: a drag given up, the item stays put
  await drag(row(moved.id), list);
  await expect(select(moved.id)).toHaveValue('process');
  await expect(bucket('process').getByRole('listitem').filter({ hasText: words })).toHaveCount(1);

  await c.getByRole('button', { name: 'Check answer' }).click();
  await expect(c.getByRole('heading', { name: /Correct/ })).toBeVisible();

  // answered: nothing is draggable any more, and a drag changes nothing
  await expect(c.locator('[draggable="true"]')).toHaveCount(0);
  await drag(bucket('process').getByRole('listitem').filter({ hasText: words }), bucket('record'));
  await expect(select(moved.id)).toHaveValue('process');
  await expect(bucket('record').getByRole('listitem').filter({ hasText: words })).toHaveCount(0);
  await drag(bucket('process').getByRole('listitem').filter({ hasText: words }), list);
  await expect(select(moved.id)).toHaveValue('process');
});
