// Builds the Next app when there is no build of the current sources. The fingerprint is
// a hash of every file the build reads (sources, messages, content, configs, lockfile),
// so `npm start` after a `git pull` rebuilds, and a second `npm start` does not.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundleGradingWorker, GRADING_WORKER_BUNDLE } from './bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const INPUTS = ['app', 'sim-core', 'messages', 'content', 'public', 'next.config.js', 'proxy.ts', 'package-lock.json', 'tsconfig.json'];
const SKIP = new Set(['node_modules', '.next', '_generated', 'testdata']);
const FINGERPRINT_FILE = path.join(ROOT, '.next', 'reconcile-fingerprint');

function walk(p, files) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort()) {
      if (SKIP.has(name) || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
      walk(path.join(p, name), files);
    }
  } else files.push(p);
}

export function sourceFingerprint() {
  const files = [];
  for (const input of INPUTS) walk(path.join(ROOT, input), files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function buildIsCurrent() {
  if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID')) || !existsSync(FINGERPRINT_FILE)) return false;
  return readFileSync(FINGERPRINT_FILE, 'utf8').trim() === sourceFingerprint();
}

/** Runs `next build` and bundles the grading worker unless the build is current. Returns false if the build failed. */
export function ensureBuild({ log = console.log, toStderr = false } = {}) {
  if (buildIsCurrent()) {
    // a build made before the grading worker was bundled: add the bundle
    if (!existsSync(GRADING_WORKER_BUNDLE) && !bundled(log)) return false;
    log('Reconcile: the production build is up to date.');
    return true;
  }
  log('Reconcile: building the app (first run or sources changed; about 2–4 minutes on 2 cores)…');
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: ROOT,
    stdio: toStderr ? ['ignore', 2, 2] : 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' },
  });
  if (result.status !== 0) return false;
  // after `next build`, which empties .next/ first
  if (!bundled(log)) return false;
  writeFileSync(FINGERPRINT_FILE, sourceFingerprint() + '\n');
  log(`Reconcile: build finished in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}

function bundled(log) {
  try {
    bundleGradingWorker();
    return true;
  } catch (e) {
    log(`Reconcile: bundling the grading worker failed: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}

export { ROOT };
