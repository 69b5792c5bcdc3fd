// Here-documents in a lab's terminal (the QA walk-through's bug: the etcd-read-the-truth
// brief says `etcdctl txn <<EOF`, which the terminal used to run as three broken
// commands). The learner types the colleague's txn line by line at the `>` prompt and
// sees FAILURE, cancels a half-typed one with Ctrl+C, pastes the fixed txn as one block
// and sees SUCCESS; the work survives a reload, and Submit passes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

const solution = JSON.parse(readFileSync(path.join(process.cwd(), 'content/labs/etcd-read-the-truth/solution.json'), 'utf8')) as { line: string; stdin?: string }[];
const [, colleagues, , fixed] = solution;

/** a here-document's body lines, as the learner types them */
function bodyLines(stdin: string): string[] {
  return stdin.slice(0, -1).split('\n');
}

async function typeLine(page: Page, input: Locator, text: string) {
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/** a paste into the input, as the browser delivers Ctrl+V: a paste event with the clipboard's text */
async function paste(input: Locator, text: string) {
  await input.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('the brief’s etcdctl txn <<EOF works typed and pasted in the etcd-read-the-truth lab, and Submit passes', async ({ page }) => {
  await page.goto('/en/labs/etcd-read-the-truth');
  await expect(page.getByRole('heading', { level: 1, name: 'Reading the truth from etcd: revisions and optimistic concurrency' })).toBeVisible();
  await expect(page.getByTestId('goal-progress')).toContainText('of 4 goals done');
  const input = page.getByRole('textbox', { name: 'Terminal', exact: true });
  const output = page.getByRole('log', { name: 'Terminal output' });
  const prompt = page.getByTestId('terminal-prompt');
  await expect(input).toBeEnabled();
  await expect(prompt).toHaveText('$');

  // 1. the colleague's txn, typed: the > prompt collects it, one command runs, FAILURE
  await typeLine(page, input, "etcdctl txn <<'END'");
  await expect(prompt).toHaveText('>');
  await expect(input).toHaveAccessibleDescription(/Here-document for etcdctl txn: .*A line that is just END ends it/);
  for (const l of bodyLines(colleagues!.stdin!)) await typeLine(page, input, l);
  await expect(page.getByTestId('terminal-heredoc')).toContainText('> mod("/registry/configmaps/default/app-config") = "4"');
  await typeLine(page, input, 'END');
  await expect(prompt).toHaveText('$');
  await expect(output).toContainText('FAILURE');
  await expect(output).toContainText('"mode":"blue","replicas":"3","timeout":"30s"');
  await expect(output).not.toContainText('command not found');
  await expect(output).not.toContainText('does not accept argument');

  // a half-typed one, cancelled: ^C, a $ prompt again, nothing sent
  await typeLine(page, input, 'etcdctl txn <<EOF');
  await input.fill('mod("/registry/configmaps/default/app-con');
  await input.press('Control+c');
  await expect(output).toContainText('> mod("/registry/configmaps/default/app-con^C');
  await expect(prompt).toHaveText('$');
  await expect(input).toHaveValue('');

  // 2. and 3. the truth, then the fixed txn pasted as one block
  await typeLine(page, input, 'etcdctl get /registry/configmaps/default/app-config -w fields');
  await expect(output).toContainText('"ModRevision" : 6');
  await paste(input, `${fixed!.line} <<EOF\n${fixed!.stdin!}EOF\n`);
  await expect(output).toContainText('SUCCESS');
  await expect(page.getByTestId('goal-progress')).toHaveText('4 of 4 goals done');
  await expect(page.getByText('Running…')).toHaveCount(0);
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: 3 actions');

  // the saved work replays: the here-documents are echoed as they were typed, each with its own delimiter
  await page.reload();
  await expect(page.getByTestId('goal-progress')).toHaveText('4 of 4 goals done');
  await expect(output).toContainText("$ etcdctl txn <<'END'");
  await expect(output).toContainText('> END');
  await expect(output).toContainText('$ etcdctl txn <<EOF');
  await expect(output).toContainText('> EOF');

  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await expect(verdict).toContainText(/Passed/, { timeout: 30_000 });
  await expect(verdict).not.toContainText('Not passed yet');
});
