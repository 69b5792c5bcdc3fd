// Enter in a number or short answer field checks the answer as "Check answer" does (once,
// however often it is pressed, and not while an IME composition is in progress), and an
// "answer first" warning goes as soon as the learner gives an answer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { test, expect, waitForHydration } from './fixtures';

const COURSE = 'kubernetes-internals';
const QUIZ = path.join(import.meta.dirname, '..', 'content', 'courses', COURSE, 'lessons', '03-etcd-source-of-truth', 'quiz.yaml');
const questions = (parse(readFileSync(QUIZ, 'utf8')) as { questions: { id: string; type: string; answer?: number; accepted?: string[] }[] }).questions;
const numeric = questions.find((q) => q.type === 'numeric')!;
const short = questions.find((q) => q.type === 'short')!;
const single = questions.find((q) => q.type === 'single')!;

function card(page: Page, id: string, heading: (n: number, total: number) => string) {
  return page.getByRole('article', { name: new RegExp(`^${heading(questions.findIndex((q) => q.id === id) + 1, questions.length)}\\b`) });
}
const en = (page: Page, id: string) => card(page, id, (n, total) => `Question ${n} of ${total}`);
const ko = (page: Page, id: string) => card(page, id, (n, total) => `문제 ${n} / ${total}`);
const attempts = async (page: Page) => (JSON.parse((await page.evaluate(() => localStorage.getItem('reconcile-guest-attempts'))) ?? '[]') as unknown[]).length;

test('Enter in a number field checks it: the empty field is refused, a double Enter sends one answer, a wrong then a right number', async ({ page }) => {
  await page.goto(`/en/courses/${COURSE}/lessons/etcd-source-of-truth`);
  const c = en(page, numeric.id);
  const field = c.getByLabel('Your answer');
  // before hydration an Enter does nothing at all (the form is method="dialog")
  await waitForHydration(field);
  await field.press('Enter');
  await expect(c.getByRole('status')).toHaveText('Enter a number, for example 3 or 2.5.');
  await expect(field).toBeFocused();
  // typing a number takes the warning back
  await field.fill('4');
  await expect(c.getByRole('status')).toHaveText('');
  await field.press('Enter');
  await page.keyboard.press('Enter');
  await expect(c.getByRole('heading', { name: /Not quite/ })).toBeVisible();
  await expect(c.getByRole('status')).toContainText('the count starts at 1');
  expect(await attempts(page)).toBe(1);
  await c.getByRole('button', { name: 'Try again' }).click();
  await expect(field).toBeFocused();
  await field.fill(String(numeric.answer));
  await page.keyboard.press('Enter');
  await expect(c.getByRole('heading', { name: /Correct/ })).toBeVisible();
  expect(await attempts(page)).toBe(2);
});

test('Enter in a Korean short answer checks it, but not the Enter that ends an IME composition', async ({ page }) => {
  await page.goto(`/ko/courses/${COURSE}/lessons/etcd-source-of-truth`);
  const c = ko(page, short.id);
  const field = c.getByLabel('내 답');
  await waitForHydration(field);
  // an Enter while a composition is in progress (its keydown says isComposing) checks
  // nothing: had it checked '한', the card would now show a wrong answer and be locked
  const cdp = await page.context().newCDPSession(page);
  await field.focus();
  await cdp.send('Input.imeSetComposition', { text: '한', selectionStart: 1, selectionEnd: 1 });
  await page.keyboard.press('Enter');
  await cdp.send('Input.insertText', { text: '한' });
  await expect(field).toHaveValue('한');
  await field.fill(short.accepted![0]!);
  await field.press('Enter');
  await expect(c.getByRole('heading', { name: /정답/ })).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('reconcile-guest-attempts')))!) as { response: { text: string } }[];
  expect(stored.map((a) => a.response.text)).toEqual([short.accepted![0]]);
});

test('an "answer first" warning goes once the learner answers, and comes back only from Check answer', async ({ page }) => {
  await page.goto(`/en/courses/${COURSE}/lessons/etcd-source-of-truth`);
  const choice = en(page, single.id);
  await waitForHydration(choice.getByRole('button', { name: 'Check answer' }));
  await choice.getByRole('button', { name: 'Check answer' }).click();
  await expect(choice.getByRole('status')).toHaveText('Choose an answer first.');
  await choice.getByRole('radio').first().check();
  await expect(choice.getByRole('status')).toHaveText('');
  // Enter on a radio is not a check (the card has no submit button): seen at the end
  await expect(choice.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Enter');

  const text = en(page, short.id);
  const field = text.getByLabel('Your answer');
  await text.getByRole('button', { name: 'Check answer' }).click();
  await expect(text.getByRole('status')).toHaveText('Type an answer first.');
  await field.fill('/registry');
  await expect(text.getByRole('status')).toHaveText('');
  // emptied again: no warning until the next check
  await field.fill('');
  await expect(text.getByRole('status')).toHaveText('');
  await field.press('Enter');
  await expect(text.getByRole('status')).toHaveText('Type an answer first.');
  await expect(choice.getByRole('heading', { name: /Correct|Not quite/ })).toHaveCount(0);
  expect(await attempts(page)).toBe(0);

  // an ordering question: the warning about the untouched order goes with the first move
  await page.goto(`/en/courses/${COURSE}/lessons/watch-chain`);
  const ordering = page.getByRole('article', { name: /^Question 1 of \d+\b/ });
  await expect(ordering).toHaveAttribute('data-question-type', 'ordering');
  await waitForHydration(ordering.getByRole('button', { name: 'Check answer' }));
  // aria-disabled, so pressed from the keyboard as the learner would
  await ordering.getByRole('button', { name: 'Check answer' }).focus();
  await page.keyboard.press('Enter');
  await expect(ordering.getByRole('status')).toHaveText('Check answer is not available yet: move at least one item first.');
  await ordering.getByRole('button', { name: /^Move down/ }).first().click();
  await expect(ordering.getByRole('status')).toHaveText('');
});

test.describe('before the page’s scripts have loaded', () => {
  // the server's markup as it stands before hydration (a slow connection, a script blocked)
  test.use({ javaScriptEnabled: false });

  test('Enter in a number or short answer field neither reloads the page nor puts the answer in the URL', async ({ page }) => {
    const url = `/en/courses/${COURSE}/lessons/etcd-source-of-truth`;
    await page.goto(url);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    for (const q of [numeric, short]) {
      const field = en(page, q.id).getByLabel('Your answer');
      await field.fill('4');
      // a form submitted as a GET starts its navigation at once; nothing else ends this wait
      const navigated = page.waitForRequest((r) => r.isNavigationRequest(), { timeout: 2_000 }).then(
        (r) => r.url(),
        () => null,
      );
      await field.press('Enter');
      expect(await navigated, q.id).toBeNull();
      await expect(field).toHaveValue('4');
    }
    expect(navigations).toEqual([]);
    expect(page.url()).toMatch(new RegExp(`${url}$`));
  });
});
