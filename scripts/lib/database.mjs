// Applies migrations and seeds the database named by DATABASE_URL (or the default).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './build.mjs';

function tsx(script, args, env, stdio) {
  const cli = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return spawnSync(process.execPath, [cli, script, ...args], { cwd: ROOT, stdio, env });
}

/** `toStderr`: send the tools' output to stderr (for callers whose stdout is data, like `bench --json`). */
export function prepareDatabase(env = process.env, { toStderr = false } = {}) {
  const full = { ...env, NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' };
  const stdio = toStderr ? ['ignore', 2, 2] : 'inherit';
  if (tsx('scripts/db/migrate.ts', ['deploy'], full, stdio).status !== 0) return false;
  if (tsx('prisma/seed.ts', [], full, stdio).status !== 0) return false;
  return true;
}
