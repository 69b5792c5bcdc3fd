// Applies migrations and seeds the database named by DATABASE_URL (or the default).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './build.mjs';

function tsx(script, args, env) {
  const cli = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return spawnSync(process.execPath, [cli, script, ...args], { cwd: ROOT, stdio: 'inherit', env });
}

export function prepareDatabase(env = process.env) {
  const full = { ...env, NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' };
  if (tsx('scripts/db/migrate.ts', ['deploy'], full).status !== 0) return false;
  if (tsx('prisma/seed.ts', [], full).status !== 0) return false;
  return true;
}
