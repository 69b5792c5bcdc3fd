// Lesson pages: a new learner opens the course, reads lesson 1 in Korean and in English
// (highlighted code, callouts, the live cluster's place, previous/next), the course page
// follows their progress, unknown lessons are 404, and axe finds nothing in light and dark.
import { test, expect, expectNoAxeViolations, signUp, uniqueEmail } from './fixtures';

const COURSE = 'kubernetes-internals';
const LESSON1 = `/courses/${COURSE}/lessons/objects-and-processes`;

test('a new learner opens the course and reads lesson 1 in Korean and in English', async ({ page }) => {
  await signUp(page, uniqueEmail('reader'));
  await page.goto(`/en/courses/${COURSE}`);
  await expect(page.getByRole('link', { name: 'Start with: Objects and processes' })).toBeVisible();
  await page.getByRole('link', { name: 'Objects and processes', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en${LESSON1}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Objects and processes' })).toBeVisible();
  await expect(page.getByText(/^Lesson 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What you will learn' })).toBeVisible();
  // code is highlighted on the server: coloured tokens arrive in the HTML
  const yaml = page.locator('pre.shiki[data-language="yaml"]').first();
  await expect(yaml).toContainText('kind: Deployment');
  expect(await yaml.locator('span[style*="--shiki-dark"]').count()).toBeGreaterThan(3);
  await expect(page.locator('aside.callout-note').first()).toBeVisible();
  // no Markdown leaks through as raw directives
  await expect(page.getByText('::sim{')).toHaveCount(0);
  await expect(page.getByText(':::note')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Check your understanding' })).toBeVisible();

  // the language switch keeps the page
  await page.getByRole('link', { name: 'Switch to Korean' }).click();
  await expect(page).toHaveURL(new RegExp(`/ko${LESSON1}$`));
  await expect(page.getByRole('heading', { level: 1, name: '오브젝트와 프로세스' })).toBeVisible();
  await expect(page.getByRole('button', { name: '정답 확인' }).first()).toBeVisible();
  await page.getByRole('link', { name: '영어로 전환' }).click();
  await expect(page).toHaveURL(new RegExp(`/en${LESSON1}$`));

  // previous / next
  const lessons = page.getByRole('navigation', { name: 'Lessons' });
  await expect(lessons.getByRole('link', { name: /Previous lesson/ })).toHaveCount(0);
  await lessons.getByRole('link', { name: /Next lesson/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/courses/${COURSE}/lessons/watch-chain$`));
  await expect(page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: /Previous lesson.*Objects and processes/ })).toBeVisible();

  // the course page knows where the learner is
  await page.goto(`/en/courses/${COURSE}`);
  const lesson1 = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Objects and processes', exact: true }) });
  await expect(lesson1).toContainText('In progress');
  await expect(page.getByRole('link', { name: /^Continue where you left off: / })).toBeVisible();
});

test('marking a lesson complete shows on the lesson and the course page', async ({ page }) => {
  await signUp(page, uniqueEmail('marker'));
  await page.goto(`/en/courses/${COURSE}/lessons/watch-chain`);
  await page.getByRole('button', { name: 'Mark lesson complete' }).click();
  await expect(page.locator('.lesson-complete')).toContainText('Completed');
  await page.goto(`/en/courses/${COURSE}`);
  const lesson = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'The watch chain', exact: true }) });
  await expect(lesson).toContainText('Completed');
  await expect(page.getByText(/1 of \d+ lessons completed\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'See all your progress' }).click();
  await expect(page.getByText(/1 of \d+ lessons completed/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an unknown lesson or course is a 404', async ({ page }) => {
  const lesson = await page.goto(`/en/courses/${COURSE}/lessons/no-such-lesson`);
  expect(lesson?.status()).toBe(404);
  const course = await page.goto('/en/courses/no-such-course/lessons/objects-and-processes');
  expect(course?.status()).toBe(404);
});

test('the lesson page is axe-clean in light and dark mode, with a graded question on it', async ({ page }) => {
  await page.goto(`/en${LESSON1}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const first = page.getByRole('article', { name: /^Question 1 of \d+\b/ });
  await first.getByRole('radio', { name: 'False', exact: true }).check();
  await first.getByRole('button', { name: 'Check answer' }).click();
  await expect(first.getByRole('heading', { name: /Not quite/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);
  await page.goto(`/ko${LESSON1}`);
  await expectNoAxeViolations(page);
});
