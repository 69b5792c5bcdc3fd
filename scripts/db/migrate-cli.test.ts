// The CLI as `npm start` and developers run it: a child process with tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths';
import { tempWorkspace, type TempWorkspace } from './temp-workspace';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

let ws: TempWorkspace;
beforeEach(() => {
  ws = tempWorkspace();
});
afterEach(() => ws.remove());

function migrate(...args: string[]) {
  const run = spawnSync(TSX, [path.join(REPO_ROOT, 'scripts', 'db', 'migrate.ts'), ...args], {
    cwd: ws.dir,
    env: { ...process.env, DATABASE_URL: 'file:./data/cli.db', CHECKPOINT_DISABLE: '1' },
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('scripts/db/migrate.ts', () => {
  it('deploys to DATABASE_URL (relative to the working directory), then reports it up to date', () => {
    const file = path.join(ws.dir, 'data', 'cli.db');
    expect(migrate('status')).toMatchObject({ code: 1, out: expect.stringContaining('pending') });

    const first = migrate('deploy');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Applied \d{14}_init/);
    expect(existsSync(file)).toBe(true);

    expect(migrate('deploy')).toMatchObject({ code: 0, out: expect.stringContaining('No pending migrations') });
    expect(migrate('status')).toMatchObject({ code: 0, out: expect.stringContaining('up to date') });
  });

  it('prints its usage and fails on an unknown command', () => {
    expect(migrate('upgrade')).toMatchObject({ code: 2, err: expect.stringContaining('usage:') });
  });
});
