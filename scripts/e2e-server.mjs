// The server the Playwright suite runs against: the production build (built if needed),
// a fresh database in a temporary folder (E2E_DATA_DIR, which playwright.config.ts picks so
// the tests can find the database, or one of its own) with a known admin, on 127.0.0.1:PORT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureBuild, ROOT } from './lib/build.mjs';
import { prepareDatabase } from './lib/database.mjs';

const dir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'reconcile-e2e-'));
const env = {
  ...process.env,
  DATABASE_URL: `file:${path.join(dir, 'e2e.db')}`,
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password',
  NEXT_TELEMETRY_DISABLED: '1',
  CHECKPOINT_DISABLE: '1',
};
const cleanup = () => rmSync(dir, { recursive: true, force: true });

if (!ensureBuild()) process.exit(1);
if (!prepareDatabase(env)) process.exit(1);

const server = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', process.env.PORT ?? '3000', '-H', '127.0.0.1'],
  { cwd: ROOT, stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
