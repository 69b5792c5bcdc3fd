// Determinism across runtimes (DESIGN.md §2): the same scenario and the same commands
// give the same state hash in the browser (sim-core bundled into a Web Worker by the
// production build) as in Node (the server's replay), byte for byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { test, expect } from './fixtures';
import { SimHost } from '../app/_lib/sim-worker/sim-host';

const SCENARIO = 'l4-raft-three';
const COMMANDS = ['etcdctl put /registry/configmaps/default/app mode=blue', 'sim kill etcd-1', 'sim tick 300', 'etcdctl put after-failover ok', 'sim status'];

function nodeHash(): string {
  const file = path.join(import.meta.dirname, '..', 'content', 'scenarios', `${SCENARIO}.yaml`);
  const s = parse(readFileSync(file, 'utf8')) as { id: string; topology: 'etcd-only'; seed: number; members?: number; setup?: string[] };
  const created = SimHost.create({ id: s.id, topology: s.topology, seed: s.seed, members: s.members ?? 3, setup: s.setup ?? [] });
  if (!created.ok) throw new Error(`the scenario did not start in Node: ${created.error}`);
  for (const line of COMMANDS) created.host.runCommand(line);
  return created.host.stateHash();
}

test('the browser worker and Node reach the same state hash for the same commands', async ({ page }) => {
  const expected = nodeHash();
  expect(expected).toMatch(/^[0-9a-f]{16}$/);
  await page.goto(`/en/sim-preview/${SCENARIO}`);
  await expect(page.getByTestId('sim-leader')).toContainText(/Leader: etcd-\d/);
  const terminal = page.getByRole('textbox', { name: 'Terminal' });
  const output = page.getByRole('log', { name: 'Terminal output' });
  for (const line of COMMANDS) {
    await terminal.fill(line);
    await terminal.press('Enter');
    await expect(output).toContainText(`$ ${line}`);
  }
  await expect(page.getByText(`State hash ${expected}`)).toBeVisible();
});
