// Quizzes in the browser: wrong then right with per-option feedback, every question type
// answered through its own control (keyboard for ordering), attempts stored and visible on
// the progress page, guest answers synced after sign-up, and completion of a lesson.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Locator, Page } from '@playwright/test';
import { test, expect, signUp, uniqueEmail } from './fixtures';

const COURSE = 'kubernetes-internals';
const LESSONS = path.join(import.meta.dirname, '..', 'content', 'courses', COURSE, 'lessons');

interface KeyQuestion {
  id: string;
  type: string;
  answer?: boolean | number;
  accepted?: string[];
  options?: { id: string; correct?: boolean }[];
  items?: { id: string; bucket?: string }[];
}

/** The answer key, read from the content the server grades against. */
function quizOf(folder: string): KeyQuestion[] {
  return (parse(readFileSync(path.join(LESSONS, folder, 'quiz.yaml'), 'utf8')) as { questions: KeyQuestion[] }).questions;
}

function card(page: Page, number: number, total: number): Locator {
  return page.getByRole('article', { name: new RegExp(`^Question ${number} of ${total}\\b`) });
}

async function answerCorrectly(page: Page, c: Locator, q: KeyQuestion) {
  switch (q.type) {
    case 'single':
    case 'predict':
      await c.locator(`input[value="${q.options!.find((o) => o.correct)!.id}"]`).check();
      break;
    case 'multiple':
      for (const o of q.options!) if (o.correct) await c.locator(`input[value="${o.id}"]`).check();
      break;
    case 'truefalse':
      await c.locator(`input[value="${String(q.answer)}"]`).check();
      break;
    case 'numeric':
      await c.getByLabel('Your answer').fill(String(q.answer));
      break;
    case 'short':
      await c.getByLabel('Your answer').fill(q.accepted![0]!);
      break;
    case 'classify':
      for (const it of q.items!) await c.locator(`select[id="q-${q.id}-${it.id}"]`).selectOption(it.bucket!);
      break;
    case 'ordering': {
      // keyboard only: focus an item's "Move up" button and press Enter until it is in place
      const target = q.items!.map((it) => it.id);
      for (let i = 0; i < target.length; i++) {
        const ids = await c.locator('li.ordering-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id')));
        let at = ids.indexOf(target[i]!);
        while (at > i) {
          const up = c.locator(`li[data-item-id="${target[i]}"]`).getByRole('button', { name: /^Move up/ });
          await up.focus();
          await page.keyboard.press('Enter');
          at--;
        }
      }
      const final = await c.locator('li.ordering-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id')));
      expect(final).toEqual(target);
      break;
    }
    default:
      throw new Error(`no answering strategy for ${q.type}`);
  }
  await c.getByRole('button', { name: 'Check answer' }).click();
  await expect(c.getByRole('heading', { name: /Correct/ })).toBeVisible();
}

test('a wrong answer shows that option’s feedback; the retry is right; both are stored and shown on the progress page', async ({ page }) => {
  await signUp(page, uniqueEmail('quiz'));
  await page.goto(`/en/courses/${COURSE}/lessons/objects-and-processes`);
  const first = card(page, 1, quizOf('01-objects-and-processes').length);
  // ox-deployment-is-a-record: the answer is true; "False" has its own feedback
  await first.getByRole('radio', { name: 'False', exact: true }).check();
  const check = first.getByRole('button', { name: 'Check answer' });
  await check.dblclick();
  const verdict = first.getByRole('heading', { name: /Not quite/ });
  await expect(verdict).toBeVisible();
  await expect(verdict).toBeFocused();
  // the chosen option is marked in place with an icon and a word, not by colour alone
  await expect(first.locator('.quiz-option').filter({ hasText: 'False' })).toContainText('✗ Not quite');
  await expect(first.getByRole('status')).toContainText('A Deployment never runs: it has no PID and no node.');
  await expect(first.getByRole('status')).toContainText('Why');
  await first.getByRole('button', { name: 'Try again' }).click();
  await first.getByRole('radio', { name: 'True', exact: true }).check();
  await first.getByRole('button', { name: 'Check answer' }).click();
  await expect(first.getByRole('heading', { name: /Correct/ })).toBeVisible();
  await expect(first.getByRole('status')).toContainText('Saved to your progress.');

  await page.goto('/en/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // the double click sent one request: header + exactly two attempts
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Correct');
  await expect(rows.nth(2)).toContainText('Not quite');
  await expect(page.getByText('Answers given')).toBeVisible();
  await expect(page.locator('dd').nth(2)).toHaveText('50%');
  await expect(page.getByRole('region', { name: 'Misconceptions you hit most' }).getByRole('listitem')).toHaveCount(1);
});

test('answering every question of lesson 1 correctly completes it on the course page', async ({ page }) => {
  await signUp(page, uniqueEmail('complete'));
  await page.goto(`/en/courses/${COURSE}/lessons/objects-and-processes`);
  const questions = quizOf('01-objects-and-processes');
  for (const [i, q] of questions.entries()) await answerCorrectly(page, card(page, i + 1, questions.length), q);
  await expect(card(page, questions.length, questions.length).getByRole('status')).toContainText('lesson completed');
  await page.goto(`/en/courses/${COURSE}`);
  const lesson1 = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Objects and processes' }) });
  await expect(lesson1).toContainText('Completed');
  await expect(lesson1).toContainText(`quiz ${questions.length}/${questions.length} answered correctly`);
  await expect(page.getByRole('link', { name: /^Continue where you left off|^Start with/ })).toContainText('The watch chain');
});

test('ordering, numeric and predict-then-run questions work by keyboard and show the simulation’s output', async ({ page }) => {
  await page.goto(`/en/courses/${COURSE}/lessons/raft`);
  const questions = quizOf('04-raft');
  for (const [i, q] of questions.entries()) await answerCorrectly(page, card(page, i + 1, questions.length), q);
  const predictIndex = questions.findIndex((q) => q.type === 'predict');
  const predict = card(page, predictIndex + 1, questions.length);
  await expect(predict.getByText('What the simulation printed')).toBeVisible();
  await expect(predict.locator('pre.quiz-transcript')).toContainText('$ ');
  await expect(predict.getByText('The output matches:')).toBeVisible();
  // a guest is told the answers stay in the browser
  await expect(predict.getByRole('status')).toContainText('Kept in this browser');
});

test('a guest’s answers are kept in the browser and saved to the account after sign-up, regraded by the server', async ({ page }) => {
  await page.goto(`/en/courses/${COURSE}/lessons/objects-and-processes`);
  const first = card(page, 1, quizOf('01-objects-and-processes').length);
  await first.getByRole('radio', { name: 'True', exact: true }).check();
  await first.getByRole('button', { name: 'Check answer' }).click();
  await expect(first.getByRole('heading', { name: /Correct/ })).toBeVisible();
  // what a tampered browser might add: an entry claiming a grade (refused whole), a plain
  // wrong answer (stored, but as the server grades it: wrong) and an unknown question (refused)
  await page.evaluate(() => {
    const key = 'reconcile-guest-attempts';
    const list = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
    const at = Date.now() + 1000;
    const wrong = { courseId: 'kubernetes-internals', questionId: 'ox-deployment-controller-is-a-record', response: { type: 'truefalse', answer: true } };
    list.push({ ...wrong, answeredAt: at, correct: true, score: 1 });
    list.push({ ...wrong, answeredAt: at + 1 });
    list.push({ courseId: 'kubernetes-internals', questionId: 'no-such-question', response: { type: 'truefalse', answer: true }, answeredAt: at + 2 });
    localStorage.setItem(key, JSON.stringify(list));
  });
  // sign-up lands on the catalog, which saves the guest's answers at once
  await signUp(page, uniqueEmail('guest'));
  await expect(page.getByText('Saved 2 answers you gave before signing in.')).toBeVisible();
  await page.goto('/en/progress');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Not quite');
  await expect(rows.nth(2)).toContainText('Correct');
  expect(await page.evaluate(() => localStorage.getItem('reconcile-guest-attempts'))).toBeNull();
});
