// The lab workspace (/[locale]/labs/<id>): the brief and the workspace in English and
// Korean; the terminal drives the lab's cluster and the goals turn done live; the work
// survives a reload (replayed into a fresh worker) and Reset lab restores the start;
// hints reveal one by one; Submit shows the verdict; Monaco flags a schema error at its
// line; axe finds nothing; no request leaves localhost (the fixture checks every test).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { test, expect, runInTerminal, expectNoAxeViolations, signUp, uniqueEmail } from './fixtures';

const QUORUM = '/labs/etcd-quorum-recovery';

const run = runInTerminal;

function goal(page: Page, id: string) {
  return page.locator(`li[data-goal="${id}"]`);
}

async function openQuorumLab(page: Page) {
  await page.goto(`/en${QUORUM}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Surviving etcd member failures: restore the quorum' })).toBeVisible();
  // the workspace has started the lab's cluster: its setup ran, the goals are judged
  await expect(page.getByTestId('goal-progress')).toHaveText('0 of 2 goals done');
}

test('the lesson links to the lab, and the brief and the workspace are there in English and Korean', async ({ page }) => {
  await page.goto('/en/courses/kubernetes-internals/lessons/raft');
  await page.getByRole('link', { name: 'Surviving etcd member failures: restore the quorum' }).click();
  await expect(page).toHaveURL(new RegExp(`/en${QUORUM}$`));
  await expect(page.getByRole('heading', { name: 'The situation' })).toBeVisible();
  await expect(page.getByTestId('goal-progress')).toHaveText('0 of 2 goals done');
  for (const name of ['Show hint', 'Submit', 'Reset lab']) await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Terminal', exact: true })).toBeVisible();
  await expect(goal(page, 'recovered-written')).toContainText('Not yet');
  await expect(goal(page, 'recovered-written')).toContainText('/app/recovered');

  await page.goto(`/ko${QUORUM}`);
  await expect(page.getByRole('heading', { level: 1, name: 'etcd 멤버 장애에서 살아남기: 쿼럼 되찾기' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '상황' })).toBeVisible();
  await expect(page.getByTestId('goal-progress')).toHaveText('목표 2개 중 0개 달성');
  for (const name of ['힌트 보기', '제출', '실습 초기화']) await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '터미널', exact: true })).toBeVisible();
  await expect(goal(page, 'quorum-restored')).toContainText('아직');
});

test('commands in the terminal turn the goals done; reload keeps the work; Reset lab restores the start', async ({ page }) => {
  await openQuorumLab(page);
  await run(page, 'sim restart etcd-2');
  await run(page, 'sim tick 300');
  await expect(goal(page, 'quorum-restored')).toContainText('Done');
  await expect(goal(page, 'recovered-written')).toContainText('Not yet');
  await run(page, 'etcdctl put /app/recovered yes');
  await expect(goal(page, 'recovered-written')).toContainText('Done');
  await expect(page.getByTestId('goal-progress')).toHaveText('2 of 2 goals done');
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: 3 actions');

  // a reload replays the saved log into a fresh worker: same cluster, same goals
  await page.reload();
  await expect(page.getByTestId('goal-progress')).toHaveText('2 of 2 goals done');
  await expect(page.getByRole('log', { name: 'Terminal output' })).toContainText('etcdctl put /app/recovered yes');
  await expect(page.getByRole('button', { name: /recovered/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Reset lab' }).click();
  await page.getByRole('button', { name: 'Yes, reset the lab' }).click();
  await expect(page.getByTestId('goal-progress')).toHaveText('0 of 2 goals done');
  await expect(page.getByRole('log', { name: 'Terminal output' })).not.toContainText('etcdctl put /app/recovered yes');
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: no actions yet');
  await page.reload();
  await expect(page.getByTestId('goal-progress')).toHaveText('0 of 2 goals done');
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: no actions yet');
});

test('Show hint reveals hint 1, then hint 2, and they stay revealed after a reload', async ({ page }) => {
  await openQuorumLab(page);
  const hints = page.getByTestId('hint');
  await expect(hints).toHaveCount(0);
  await page.getByRole('button', { name: 'Show hint' }).click();
  await expect(hints).toHaveCount(1);
  await expect(hints.nth(0)).toContainText('Hint 1');
  await expect(hints.nth(0)).toContainText('How many members are up');
  await page.getByRole('button', { name: 'Show hint' }).click();
  await expect(hints).toHaveCount(2);
  await expect(hints.nth(1)).toContainText('The quorum is a majority of all members');
  await page.reload();
  await expect(page.getByTestId('hint')).toHaveCount(2);
});

test("a signed-in learner's hints are recorded on the server and come back on a fresh browser", async ({ page }) => {
  await signUp(page, uniqueEmail('hinter'));
  await openQuorumLab(page);
  await page.getByRole('button', { name: 'Show hint' }).click();
  await expect(page.getByTestId('hint')).toHaveCount(1);
  // the hint use is stored (HintUse), not only in this browser: forget the browser's copy
  await expect(async () => {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByTestId('hint')).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
});

test("Submit gets the server's verdict: a guest's unfinished lab is not passed, a signed-in learner's solution passes", async ({ page }) => {
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await openQuorumLab(page);
  await run(page, 'sim restart etcd-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(verdict).toContainText('Not passed yet', { timeout: 30_000 });
  await expect(verdict.getByRole('link', { name: 'Sign in to save your attempts' })).toBeVisible();

  await signUp(page, uniqueEmail('solver'));
  await openQuorumLab(page);
  await page.getByRole('button', { name: 'Reset lab' }).click();
  await page.getByRole('button', { name: 'Yes, reset the lab' }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved in this browser: no actions yet');
  await run(page, 'sim restart etcd-2');
  await run(page, 'sim tick 300');
  await run(page, 'etcdctl put /app/recovered yes');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(verdict).toContainText(/Passed/, { timeout: 30_000 });
  await expect(verdict).not.toContainText('Not passed yet');
  await expect(verdict.getByRole('link', { name: 'Replay this attempt step by step' })).toBeVisible();
});

// The grading route (POST /api/labs/<id>/attempts) is another part of the app; these
// tests stand in for it with page.route to check the workspace's side of the contract.
test('Submit sends the action log once per click and shows the verdict; a failure keeps the key for the retry', async ({ page }) => {
  const bodies: { actionLog: unknown[]; idempotencyKey: string }[] = [];
  let fail = true;
  await page.route('**/api/labs/etcd-quorum-recovery/attempts', async (route: Route) => {
    bodies.push(route.request().postDataJSON());
    await new Promise((r) => setTimeout(r, 300));
    if (fail) return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'busy' } } });
    return route.fulfill({
      status: 200,
      json: {
        attemptId: null,
        passed: true,
        goals: [
          { id: 'quorum-restored', passed: true, explanation: { ko: '리더 있음', en: 'a leader, etcd-1, with 2 members up' } },
          { id: 'recovered-written', passed: true, explanation: { ko: 'yes', en: '/app/recovered is "yes"' } },
        ],
        stateHash: 'f00d',
        replayUrl: null,
      },
    });
  });
  await openQuorumLab(page);
  await run(page, 'sim restart etcd-2');
  await run(page, 'sim tick 300');
  await run(page, 'etcdctl put /app/recovered yes');

  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.dblclick();
  await expect(page.getByText('The server could not grade this attempt right now.')).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]!.actionLog).toEqual([
    { type: 'command', line: 'sim restart etcd-2' },
    { type: 'command', line: 'sim tick 300' },
    { type: 'command', line: 'etcdctl put /app/recovered yes' },
  ]);
  expect(bodies[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

  fail = false;
  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await expect(verdict).toContainText('Passed');
  await expect(verdict).toContainText('/app/recovered is "yes"');
  await expect(verdict.getByRole('link', { name: 'Sign in to save your attempts' })).toBeVisible();
  expect(bodies).toHaveLength(2);
  expect(bodies[1]!.idempotencyKey).toBe(bodies[0]!.idempotencyKey);
});

test('while the graders are busy, Submit waits as asked and sends the same log again by itself; Stop waiting keeps the work', async ({ page }) => {
  const keys: string[] = [];
  let busyAnswers = 2;
  let retryAfter = '1';
  await page.route('**/api/labs/etcd-quorum-recovery/attempts', (route: Route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (busyAnswers-- > 0) return route.fulfill({ status: 503, headers: { 'Retry-After': retryAfter }, json: { error: { code: 'busy', message: 'The graders are busy' } } });
    return route.fulfill({
      status: 200,
      json: { attemptId: null, passed: false, goals: [{ id: 'quorum-restored', passed: false, explanation: { ko: '리더 없음', en: 'no leader' } }], stateHash: 'cafe', replayUrl: null },
    });
  });
  await openQuorumLab(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('submit-waiting')).toContainText("The graders are busy with other learners' attempts");
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await expect(verdict).toContainText('no leader');
  await expect(page.getByTestId('submit-waiting')).toHaveCount(0);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);

  // a server that stays busy: the learner stops waiting and reads what to do
  busyAnswers = 100;
  await run(page, 'sim tick 10');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Stop waiting' }).click();
  await expect(page.getByText("The graders are busy with other learners' attempts. Your work is kept: submit again in a minute.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  // the button the keyboard was on is gone with the wait: the keyboard goes on from Submit
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();

  // on Stop waiting when the answer comes by itself: the same
  busyAnswers = 1;
  retryAfter = '3';
  await run(page, 'sim tick 10');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Stop waiting' }).focus();
  await expect(page.getByRole('button', { name: 'Stop waiting' })).toBeFocused();
  await expect(verdict).toContainText('no leader');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
});

test('a key the server holds another attempt under (409 key-conflict) is said so, and Submit again sends the same log with a new key', async ({ page }) => {
  const sent: { idempotencyKey: string; actionLog: unknown }[] = [];
  await page.route('**/api/labs/etcd-quorum-recovery/attempts', (route: Route) => {
    sent.push(route.request().postDataJSON() as { idempotencyKey: string; actionLog: unknown });
    if (sent.length === 1) return route.fulfill({ status: 409, json: { error: { code: 'key-conflict', message: 'This submission key was already used for another attempt.' } } });
    return route.fulfill({
      status: 200,
      json: { attemptId: null, passed: false, goals: [{ id: 'quorum-restored', passed: false, explanation: { ko: '리더 없음', en: 'no leader' } }], stateHash: 'cafe', replayUrl: null },
    });
  });
  await openQuorumLab(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The server already holds another attempt under this submission's key" })).toContainText('submit again, and it goes as a new attempt');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ })).toContainText('no leader');
  expect(sent).toHaveLength(2);
  expect(sent[1]!.actionLog).toEqual(sent[0]!.actionLog);
  expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
});

test('a refused attempt shows the server message, and the verdict says "Not passed yet"', async ({ page }) => {
  let refuse = true;
  await page.route('**/api/labs/etcd-quorum-recovery/attempts', (route: Route) =>
    refuse
      ? route.fulfill({ status: 422, json: { error: { code: 'over-caps', message: 'the log asks for more than 200000 ticks' } } })
      : route.fulfill({
          status: 200,
          json: {
            attemptId: 'a1',
            passed: false,
            goals: [
              { id: 'quorum-restored', passed: false, explanation: { ko: '리더 없음', en: 'no leader' } },
              { id: 'recovered-written', passed: false, explanation: { ko: '없음', en: 'found nothing' } },
            ],
            stateHash: 'beef',
            replayUrl: '/en/labs/etcd-quorum-recovery/attempts/a1',
          },
        }),
  );
  await openQuorumLab(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The server refused this attempt: the log asks for more than 200000 ticks')).toBeVisible();
  refuse = false;
  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await expect(verdict).toContainText('Not passed yet');
  await expect(verdict).toContainText('no leader');
  await expect(verdict.getByRole('link', { name: 'Replay this attempt step by step' })).toHaveAttribute('href', '/en/labs/etcd-quorum-recovery/attempts/a1');
});

test('Monaco flags a schema error at its line; Apply runs kubectl apply and a goal turns done (first-deployment)', async ({ page }) => {
  // the line of `replicas:` in the lab's starter file, wherever the author put it
  const starter = readFileSync(path.join(process.cwd(), 'content/labs/first-deployment/deployment.yaml'), 'utf8');
  const line = starter.split('\n').findIndex((l) => /^\s*replicas:/.test(l)) + 1;
  expect(line).toBeGreaterThan(0);

  await page.goto('/en/labs/first-deployment');
  const region = page.getByRole('region', { name: 'Manifest editor' });
  await expect(region).toBeVisible();
  await expect(page.getByRole('tab', { name: 'deployment.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(region.locator('.view-lines')).toContainText('kind: Deployment');
  await expect(page.getByTestId('editor-problems')).toContainText('No problems found');

  await region.locator('.view-line', { hasText: /replicas:/ }).first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText('replicas: "three"');
  await expect(page.getByTestId('editor-problems')).toContainText(new RegExp(`deployment\\.yaml line ${line}: Incorrect type\\. Expected .*integer`));
  await expect(region.locator('.squiggly-warning, .squiggly-error').first()).toBeAttached();
  await expect(page.getByRole('tab', { name: 'deployment.yaml (edited, not applied)' })).toBeVisible();
  await expectNoAxeViolations(page);

  // fixed, applied: the terminal shows the command and its output, the Deployment is in etcd
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText('replicas: 3');
  await expect(page.getByTestId('editor-problems')).toContainText('No problems found');
  await page.getByRole('button', { name: 'Apply' }).click();
  const terminal = page.getByRole('log', { name: 'Terminal output' });
  await expect(terminal).toContainText('kubectl apply -f deployment.yaml');
  await expect(terminal).toContainText('deployment.apps/web created');
  await expect(goal(page, 'deployment-stored')).toContainText('Done');
  await expect(page.getByRole('tab', { name: 'deployment.yaml', exact: true })).toBeVisible();

  // the edit and the apply survive a reload
  await page.reload();
  await expect(goal(page, 'deployment-stored')).toContainText('Done');
  await expect(page.getByRole('region', { name: 'Manifest editor' }).locator('.view-lines')).toContainText('replicas: 3');
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await expect(page.locator('.monaco-editor.vs-dark')).toBeAttached();
  await expectNoAxeViolations(page);

  // the controllers, the scheduler and the kubelets do the rest: every goal turns done,
  // and the server's replay of the log agrees
  const input = page.getByRole('textbox', { name: 'Terminal' });
  await input.fill('sim settle');
  await input.press('Enter');
  for (const id of ['deployment-stored', 'owner-chain', 'three-ready']) await expect(goal(page, id)).toContainText('Done');
  await input.fill('kubectl get pods');
  await input.press('Enter');
  await expect(terminal).toContainText(/web-[a-z0-9]+-[a-z0-9]{5}\s+1\/1\s+Running/);
  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByRole('status').filter({ hasText: /Passed|Not passed yet/ });
  await expect(verdict).toContainText('Passed', { timeout: 30_000 });
  await expect(verdict).not.toContainText('Not passed yet');
});

test('a manifest of a live object is judged as the update Apply would send: a changed selector is flagged at its line, as Apply then refuses it (first-deployment)', async ({ page }) => {
  const starter = readFileSync(path.join(process.cwd(), 'content/labs/first-deployment/deployment.yaml'), 'utf8');
  const selectorLine = starter.split('\n').findIndex((l) => /^\s*selector:/.test(l)) + 1;
  expect(selectorLine).toBeGreaterThan(0);

  await page.goto('/en/labs/first-deployment');
  const region = page.getByRole('region', { name: 'Manifest editor' });
  await expect(region.locator('.view-lines')).toContainText('kind: Deployment');
  await page.getByRole('button', { name: 'Apply' }).click();
  const terminal = page.getByRole('log', { name: 'Terminal output' });
  await expect(terminal).toContainText('deployment.apps/web created');

  // the selector's label and the template's changed together: fine for a new object,
  // refused for the live one (a Deployment's selector is immutable)
  for (const line of [/matchLabels:/, /^\s*labels:/]) {
    await region.locator('.view-line', { hasText: line }).last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.insertText('app: api');
  }
  const problems = page.getByTestId('editor-problems');
  await expect(problems).toContainText(new RegExp(`deployment\\.yaml line ${selectorLine}: if Apply updates deployment\\.apps/web, the API server refuses it: spec\\.selector: Invalid value: v1\\.LabelSelector\\{MatchLabels:map\\[string\\]string\\{"app":"api"\\}.*: field is immutable`));
  await expect(problems).not.toContainText('if Apply creates this object');
  await expect(problems).not.toContainText('does not match template');
  await expect(region.locator('.squiggly-warning').first()).toBeAttached();

  // Apply agrees, word for word
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(terminal).toContainText(/The Deployment "web" is invalid: .*spec\.selector: Invalid value: .*field is immutable/s);
});

test("a Service update asking for a node port another Service holds is flagged at the nodePort line, as Apply then refuses it (service-endpoints)", async ({ page }) => {
  const starter = readFileSync(path.join(process.cwd(), 'content/labs/service-endpoints/service.yaml'), 'utf8');
  // `type: NodePort` goes in above `selector:`, so the port's line moves down by one
  const nodePortLine = starter.split('\n').findIndex((l) => /^\s*targetPort:/.test(l)) + 2;
  expect(nodePortLine).toBeGreaterThan(1);

  await page.goto('/en/labs/service-endpoints');
  const region = page.getByRole('region', { name: 'Manifest editor' });
  await expect(region.locator('.view-lines')).toContainText('kind: Service');
  await page.getByRole('button', { name: 'Apply' }).click();
  const terminal = page.getByRole('log', { name: 'Terminal output' });
  await expect(terminal).toContainText('service/web created');
  await run(page, 'kubectl create service nodeport taken --tcp=8080:80 --node-port=30080');
  await expect(terminal).toContainText('service/taken created');

  // web becomes a NodePort Service asking for taken's port
  for (const [line, text] of [
    // a new line keeps the indentation of the one it breaks
    [/^\s*selector:/, 'type: NodePort\nselector:'],
    [/targetPort:/, 'nodePort: 30080'],
  ] as const) {
    await region.locator('.view-line', { hasText: line }).first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.insertText(text);
  }
  const problems = page.getByTestId('editor-problems');
  const refusal = 'spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated';
  await expect(problems).toContainText(`service.yaml line ${nodePortLine}: if Apply updates service/web, the API server refuses it: ${refusal}`);
  await expect(region.locator('.squiggly-warning').first()).toBeAttached();

  // Apply agrees, word for word
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(terminal).toContainText(`The Service "web" is invalid: ${refusal}`);
});

test("on a Korean page the hover describes the kind in Korean, and a patch kubectl apply cannot compute is listed in kubectl's words, with all it prints on demand (first-deployment)", async ({ page }) => {
  const starter = readFileSync(path.join(process.cwd(), 'content/labs/first-deployment/deployment.yaml'), 'utf8');
  const containersLine = starter.split('\n').findIndex((l) => /^\s*containers:/.test(l)) + 1;
  expect(containersLine).toBeGreaterThan(0);

  await page.goto('/ko/labs/first-deployment');
  const region = page.getByRole('region', { name: '매니페스트 편집기' });
  await expect(region.locator('.view-lines')).toContainText('kind: Deployment');
  // the hover over `kind:` describes the kind in the page's language
  await region.locator('.view-line', { hasText: /^kind:/ }).getByText('kind', { exact: true }).hover();
  const hover = page.locator('.monaco-hover-content', { hasText: 'Deployment(apps/v1)' });
  await expect(hover).toContainText('Deployment(apps/v1): Pod 템플릿으로 만든 Pod를 spec.replicas개만큼 계속 실행합니다.');
  await expect(hover).toContainText('허용되는 값:');
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: '적용', exact: true }).click();
  const terminal = page.getByRole('log', { name: '터미널 출력' });
  await expect(terminal).toContainText('deployment.apps/web created');

  // the container loses its name, the key kubectl merges containers by (at the end of the
  // file: Monaco draws only the lines in view)
  await region.locator('.view-line', { hasText: /kind:/ }).first().click();
  await page.keyboard.press('Control+End');
  await region.locator('.view-line', { hasText: /name:\s+nginx/ }).first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText('- imagePullPolicy: Always');
  // back to the top: Monaco's dimmed number of the file's last, empty line is its own contrast problem
  await page.keyboard.press('Control+Home');
  const reason = 'map: map[image:nginx:1.27 imagePullPolicy:Always ports:[map[containerPort:80]]] does not contain declared merge key: name';
  const problems = page.getByTestId('editor-problems');
  await expect(problems).toContainText(`deployment.yaml ${containersLine}행: Apply가 클러스터에 있는 deployment.apps/web 오브젝트를 수정한다면 kubectl apply가 실패합니다: ${reason}`);
  const output = problems.getByRole('group').filter({ hasText: 'kubectl apply가 출력하는 전체 내용' });
  await output.getByText('kubectl apply가 출력하는 전체 내용').click();
  await expect(output.locator('pre')).toContainText('error: error when applying patch:');
  await expect(output.locator('pre')).toContainText(`for:: ${reason}`);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: '적용', exact: true }).click();
  await expect(terminal).toContainText(`for:: ${reason}`);
});

test('axe finds nothing on the lab page, light and dark; an unknown lab is 404', async ({ page }) => {
  await openQuorumLab(page);
  await page.getByRole('button', { name: 'Show hint' }).click();
  await expectNoAxeViolations(page);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
    document.documentElement.style.colorScheme = 'dark';
  });
  await expectNoAxeViolations(page);

  const res = await page.goto('/en/labs/no-such-lab');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Lab not found' })).toBeVisible();
});

test('a lab whose task is to find the cause keeps grading’s explanations out of the live checklist', async ({ page }) => {
  await page.goto('/en/labs/rbac-least-privilege');
  await expect(page.getByTestId('goal-progress')).toHaveText(/of \d+ goals done/);
  // the state of each goal shows, but not which binding grants too much: finding that is the task
  await expect(goal(page, 'no-delete')).toContainText('Not yet');
  await expect(goal(page, 'no-delete')).not.toContainText('ClusterRoleBinding');
  await expect(page.getByText('the checklist says only whether it is')).toBeVisible();
});

test('the broken-link lab: the watch-chain lesson links to it, the stopped scheduler is found from its Lease, and restarting it runs the Pending Pods', async ({ page }) => {
  await page.goto('/en/courses/kubernetes-internals/lessons/watch-chain');
  await page.getByRole('link', { name: 'A broken link: Pods stuck in Pending' }).click();
  await expect(page).toHaveURL(/\/en\/labs\/broken-link$/);
  await expect(page.getByTestId('goal-progress')).toHaveText('0 of 2 goals done');
  const output = page.getByRole('log', { name: 'Terminal output' });
  await run(page, 'kubectl get pods');
  await expect(output).toContainText('Pending');
  await run(page, 'kubectl describe pod -l app=web');
  await expect(output).toContainText('Events:                      <none>');
  await run(page, 'sim restart kube-scheduler');
  await run(page, 'sim tick 1600');
  await run(page, 'sim settle');
  await expect(page.getByTestId('goal-progress')).toHaveText('2 of 2 goals done');
  for (const id of ['four-ready', 'link-repaired']) await expect(goal(page, id)).toContainText('Done');

  await page.goto('/ko/labs/broken-link');
  await expect(page.getByRole('heading', { level: 1, name: '끊어진 고리: Pending에서 멈춘 Pod' })).toBeVisible();
});
