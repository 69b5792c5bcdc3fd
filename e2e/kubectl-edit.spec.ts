// kubectl edit in the browser: the terminal's `kubectl edit` opens a modal dialog with
// Monaco on kubectl's file (the page's clock paused while it is open), Save sends one
// logged command with the saved file, the Pods follow, and the server's replay of the log
// agrees (Submit passes); a save the API server refuses reopens the dialog on kubectl's
// file with the reasons in its header; Escape cancels and gives the keyboard back to the
// terminal, and a second Escape while a save is on its way does not close it; lines pasted
// after a kubectl edit wait for its dialog (another edit among them opens its own); a lab
// with no room left for the save runs the line, refused, without a dialog; in a lesson too,
// in Korean, dark and narrow; and the browser's save reaches the state hash Node's replay of
// the same commands reaches (DESIGN.md §2).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'yaml';
import { test, expect, runInTerminal, expectNoAxeViolations } from './fixtures';
import { SimHost } from '../app/_lib/sim-worker/sim-host';

const TITLE = 'kubectl edit deployment.apps/web';

function goal(page: Page, id: string) {
  return page.locator(`li[data-goal="${id}"]`);
}

/** Monaco's find: select the first `from` after the top of the file, and type `to` over it. */
async function replaceInEditor(page: Page, dialog: Locator, from: string, to: string) {
  await dialog.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+f');
  await page.keyboard.insertText(from);
  // Escape closes Monaco's find widget, not the dialog; the match stays selected
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.keyboard.insertText(to);
}

/** a paste into the input, as the browser delivers Ctrl+V: a paste event with the clipboard's text */
async function paste(input: Locator, text: string) {
  await input.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The first-deployment lab with web applied: the terminal's output and input. */
async function openLabWithWeb(page: Page): Promise<{ output: Locator; input: Locator }> {
  await page.goto('/en/labs/first-deployment');
  await runInTerminal(page, 'kubectl apply -f deployment.yaml');
  return { output: page.getByRole('log', { name: 'Terminal output' }), input: page.getByRole('textbox', { name: 'Terminal', exact: true }) };
}

/** `kubectl edit deploy/web` typed in the terminal: its dialog, once Monaco shows the file. */
async function editWeb(page: Page, input: Locator): Promise<Locator> {
  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog.locator('.view-lines')).toContainText('kind: Deployment');
  return dialog;
}

async function playback(page: Page): Promise<Locator> {
  return page.locator('[role="toolbar"][aria-label="Playback"] button').first();
}

test('a lab’s kubectl edit: the dialog opens with the clock paused, Save changes the replicas, the Pods follow, and the server agrees (first-deployment)', async ({ page }) => {
  await page.goto('/en/labs/first-deployment');
  await runInTerminal(page, 'kubectl apply -f deployment.yaml');
  await runInTerminal(page, 'sim settle');
  const output = page.getByRole('log', { name: 'Terminal output' });
  const input = page.getByRole('textbox', { name: 'Terminal', exact: true });

  // the clock plays; the dialog pauses it
  const play = await playback(page);
  await play.click();
  await expect(play).toHaveText(/Pause/);
  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("The cluster's clock is paused while this editor is open.");
  await expect(play).toHaveText(/Play/);
  await expect(dialog.locator('.view-lines')).toContainText('# Please edit the object below.');

  await replaceInEditor(page, dialog, '  replicas: 1', '  replicas: 3');
  await dialog.getByRole('button', { name: 'Save and close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(output).toContainText('$ kubectl edit deploy/web # from the editor');
  await expect(output).toContainText('deployment.apps/web edited');
  await expect(input).toBeFocused();
  // the dialog closed: the clock plays again
  await expect(play).toHaveText(/Pause/);
  await play.click();

  await runInTerminal(page, 'sim settle');
  for (const id of ['owner-chain', 'three-ready']) await expect(goal(page, id)).toContainText('Done');
  await runInTerminal(page, 'kubectl get deploy web');
  await expect(output).toContainText(/web\s+3\/3\s+3\s+3/);
  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await expect(verdict).toContainText('Passed', { timeout: 30_000 });
  await expect(verdict).not.toContainText('Not passed yet');
});

test('a reload while kubectl’s reopened file is in the dialog brings the dialog back on that file; its next save is that kubectl’s next pass (first-deployment)', async ({ page }) => {
  const { output, input } = await openLabWithWeb(page);
  let dialog = await editWeb(page, input);
  await replaceInEditor(page, dialog, '  replicas: 1', '  replicas: -1');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(dialog.getByRole('alert')).toContainText('kubectl could not apply the save and reopened the file.');
  await expect(page.getByText('Saved in this browser: 2 actions')).toBeVisible();

  await page.reload();
  dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog.locator('.view-lines')).toContainText('spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  await expect(dialog.getByRole('alert')).toContainText('error: deployments.apps "web" is invalid');
  // fixed and saved: applied, as kubectl's loop applies its next pass
  await replaceInEditor(page, dialog, '  replicas: -1', '  replicas: 2');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(dialog).toHaveCount(0);
  await expect(output).toContainText('deployment.apps/web edited');
  await runInTerminal(page, 'kubectl get deploy web -o jsonpath={.spec.replicas}');
  await expect(output).toContainText(/jsonpath=\{\.spec\.replicas\}\s*2/);
});

test('a save the API server refuses reopens the dialog on kubectl’s file with the reasons; Escape cancels; one click of Save is one command (first-deployment)', async ({ page }) => {
  const { output, input } = await openLabWithWeb(page);

  const dialog = await editWeb(page, input);
  await replaceInEditor(page, dialog, '  replicas: 1', '  replicas: -1');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(dialog.getByRole('alert')).toContainText('kubectl could not apply the save and reopened the file.');
  await expect(dialog.getByRole('alert')).toContainText('error: deployments.apps "web" is invalid');
  await expect(dialog.locator('.view-lines')).toContainText('# deployments.apps "web" was not valid:');
  await expect(dialog.locator('.view-lines')).toContainText('spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  await expect(output).toContainText('error: deployments.apps "web" is invalid');
  await expect(output).toContainText('exit code 1');
  await expectNoAxeViolations(page);

  // Escape: the reopened edit is given up as kubectl gives it up, a copy kept; nothing changed
  await dialog.locator('.view-lines').click();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(input).toBeFocused();
  await expect(output).toContainText(/A copy of your changes has been stored to "\/tmp\/kubectl-edit-\d+\.yaml"\s*error: Edit cancelled, no valid changes were saved\./);
  await expect(output.getByText('Edit cancelled, no changes made.')).toHaveCount(0);
  await runInTerminal(page, 'kubectl get deploy web -o jsonpath={.spec.replicas}');
  await expect(output).toContainText(/jsonpath=\{\.spec\.replicas\}\s*1/);

  // a double click on Save sends one command
  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  await expect(dialog.locator('.view-lines')).toContainText('kind: Deployment');
  await dialog.getByRole('button', { name: 'Save and close' }).dblclick();
  await expect(dialog).toHaveCount(0);
  await expect(output.getByText('Edit cancelled, no changes made.')).toHaveCount(1);
  await expect(page.getByText('Running…')).toHaveCount(0);
  await expect(output.getByText('Edit cancelled, no changes made.')).toHaveCount(1);
});

test('lines pasted after a kubectl edit wait for its dialog: another edit opens its own, and a here-document runs as typed (first-deployment)', async ({ page }) => {
  const { output, input } = await openLabWithWeb(page);

  await paste(input, "kubectl edit deploy/web\nkubectl edit configmap/kube-root-ca.crt\nkubectl edit deploy/web --validate=false <<'END'\n# nothing to change\nEND\nkubectl get deploy web -o name\n");
  const first = page.getByRole('dialog', { name: TITLE });
  await expect(first.locator('.view-lines')).toContainText('kind: Deployment');
  // nothing after it has run
  await expect(output).not.toContainText('kube-root-ca.crt');
  await first.getByRole('button', { name: 'Cancel' }).click();
  const second = page.getByRole('dialog', { name: 'kubectl edit configmap/kube-root-ca.crt' });
  await expect(second.locator('.view-lines')).toContainText('ca.crt: |');
  await expect(output).not.toContainText('nothing to change');
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(output).toContainText(/\$ kubectl get deploy web -o name\s*deployment\.apps\/web/);
  await expect(page.getByText('Running…')).toHaveCount(0);
  await expect(output).toContainText('$ kubectl edit configmap/kube-root-ca.crt # from the editor');
  await expect(output.getByText('Edit cancelled, no changes made.')).toHaveCount(2);
  // the here-document is the saved file: echoed as typed, not as a save from the editor
  await expect(output).toContainText(/\$ kubectl edit deploy\/web --validate=false <<'END'\s*> # nothing to change\s*> END\s*Edit cancelled, saved file was empty\./);
  await expect(output).not.toContainText('--validate=false # from the editor');
  await expect(input).toBeFocused();
});

test('a second Escape while a save is on its way leaves the dialog open; the save ends it, and the next edit opens a dialog (first-deployment)', async ({ page }) => {
  // the dialog's saves reach the worker 3 s late: time to press Escape twice while one is on its way
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const m = args[0] as { type?: string; line?: string; stdin?: string } | null;
      if (m?.type === 'runCommand' && m.stdin !== undefined && m.line?.startsWith('kubectl edit') === true) {
        setTimeout(() => post.apply(this, args), 3_000);
        return;
      }
      post.apply(this, args);
    };
  });
  const { output, input } = await openLabWithWeb(page);

  const dialog = await editWeb(page, input);
  await replaceInEditor(page, dialog, '  replicas: 1', '  replicas: 2');
  const save = dialog.getByRole('button', { name: /Save and close|Saving…/ });
  await save.click();
  await expect(save).toHaveText('Saving…');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(save).toHaveText('Saving…');
  await expect(output).toContainText('deployment.apps/web edited', { timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
  await expect(input).toBeFocused();
  await expect(output.getByText('Edit cancelled')).toHaveCount(0);

  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  // the save went through: the Deployment's spec changed (its generation with it)
  await expect(dialog.locator('.view-lines')).toContainText('generation: 2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a lab with no room left for the save opens no dialog: the line runs and is refused as any command (first-deployment)', async ({ page }) => {
  await page.goto('/en/labs/first-deployment');
  const input = page.getByRole('textbox', { name: 'Terminal', exact: true });
  await expect(input).toBeEnabled();
  // saved work that has run as many commands as grading replays: replayed on the next load
  const saved = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('reconcile:lab:first-deployment:')));
  expect(saved).toBeDefined();
  const log = [{ type: 'command', line: 'kubectl apply -f deployment.yaml' }, ...Array.from({ length: 2_000 }, () => ({ type: 'command', line: 'sim status' }))];
  await page.evaluate(({ key, work }) => localStorage.setItem(key, JSON.stringify(work)), { key: saved!, work: { version: 1, files: {}, log, hints: 0 } });
  await page.reload();
  await expect(page.getByTestId('budget')).toContainText('commands', { timeout: 60_000 });
  await expect(input).toBeEnabled();
  await expect(page.getByText('Running…')).toHaveCount(0);

  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  const output = page.getByRole('log', { name: 'Terminal output' });
  await expect(output).toContainText(/\$ kubectl edit deploy\/web\s*Not run: this lab has run as many commands as grading replays\./);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(input).toBeFocused();
});

test('a lesson’s kubectl edit, in Korean, dark and narrow: the dialog is named after the object and Cancel gives the terminal back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/ko/courses/kubernetes-internals/lessons/workloads');
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
    document.documentElement.style.colorScheme = 'dark';
  });
  const input = page.getByRole('textbox', { name: '터미널', exact: true }).first();
  await input.scrollIntoViewIfNeeded();
  await expect(input).toBeEnabled();
  await expect(page.getByText('실행 중…')).toHaveCount(0);
  await input.fill('kubectl edit deploy/web -o json');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('이 편집기가 열려 있는 동안 클러스터의 시계는 멈춰 있습니다.');
  await expect(dialog.locator('.view-lines')).toContainText('"kind": "Deployment"');
  await expect(page.locator('.monaco-editor.vs-dark')).toBeAttached();
  const box = await dialog.boundingBox();
  expect(box !== null && box.width <= 390).toBe(true);
  await expect(dialog.getByRole('button', { name: '저장하고 닫기' })).toBeInViewport();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(input).toBeFocused();
  await expect(page.getByRole('log', { name: '터미널 출력' }).first()).toContainText('Edit cancelled, no changes made.');
});

test('determinism: a save in the dialog leaves the browser worker and Node at the same state hash (l6-deployment)', async ({ page }) => {
  const file = path.join(import.meta.dirname, '..', 'content', 'scenarios', 'l6-deployment.yaml');
  const sc = parse(readFileSync(file, 'utf8')) as { id: string; topology: 'default'; seed: number; members?: number; setup?: string[] };
  const created = SimHost.create({ id: sc.id, topology: sc.topology, seed: sc.seed, members: sc.members ?? 3, setup: sc.setup ?? [] });
  if (!created.ok) throw new Error('the scenario did not start in Node');
  const opened = created.host.editorFile('kubectl edit deploy/web');
  expect(opened?.buffer).toContain('\n  replicas: 3\n');
  expect(created.host.runCommand('kubectl edit deploy/web', opened!.buffer.replace('\n  replicas: 3\n', '\n  replicas: 4\n')).stdout).toBe('deployment.apps/web edited\n');
  created.host.runCommand('sim settle');
  const expected = created.host.stateHash();

  await page.goto(`/en/sim-preview/${sc.id}`);
  await expect(page.getByText('Running…')).toHaveCount(0);
  const input = page.getByRole('textbox', { name: 'Terminal', exact: true });
  await expect(input).toBeEnabled();
  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog.locator('.view-lines')).toContainText('kind: Deployment');
  await replaceInEditor(page, dialog, '  replicas: 3', '  replicas: 4');
  await dialog.getByRole('button', { name: 'Save and close' }).click();
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('deployment.apps/web edited');
  await runInTerminal(page, 'sim settle');
  await expect(page.getByText(`State hash ${expected}`)).toBeVisible();
});

