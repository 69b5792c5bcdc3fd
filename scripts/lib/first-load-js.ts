// First-load JavaScript of pages, as a browser downloads it: every module <script src> in the
// server-rendered HTML of a production build, gzipped and summed (what Next's build
// output calls "First Load JS"). Starts `next start` on a free port with a throw-away
// database and stops it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// @ts-expect-error -- plain ESM helpers shared with scripts/start.mjs
import { ensureBuild, ROOT } from './build.mjs';
// @ts-expect-error -- plain ESM helpers shared with scripts/start.mjs
import { prepareDatabase } from './database.mjs';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`first-load-js: ${url} did not answer within ${timeoutMs} ms`);
}

export async function firstLoadJs<K extends string>(pages: Record<K, string>): Promise<Record<K, number>> {
  const log = (m: string) => process.stderr.write(m + '\n');
  if (!ensureBuild({ log, toStderr: true })) throw new Error('first-load-js: the build failed');
  const dir = mkdtempSync(path.join(tmpdir(), 'reconcile-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'bench.db')}`, NODE_ENV: 'production' };
  if (!prepareDatabase(env, { toStderr: true })) throw new Error('first-load-js: could not prepare the database');
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, 60_000);
    const sizes = {} as Record<K, number>;
    for (const [name, page] of Object.entries(pages) as [K, string][]) {
      const html = await (await fetch(base + page)).text();
      // `noModule` scripts (Next's legacy polyfills) are skipped by every browser that
      // runs modules, so they are not part of what a learner downloads.
      const sources = [...new Set([...html.matchAll(/<script(?![^>]*noModule)[^>]+src="([^"]+)"/gi)].map((m) => m[1]!))];
      let bytes = 0;
      for (const src of sources) {
        const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
        bytes += gzipSync(body, { level: 9 }).length;
      }
      sizes[name] = bytes / 1000;
    }
    return sizes;
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
