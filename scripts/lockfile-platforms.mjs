// The registry this project is built against serves the Linux x64/arm64 builds of
// Next's and SWC's native packages but not the macOS, Windows and other-CPU ones, so
// `npm install` leaves those optional packages out of package-lock.json, and `npm ci`
// then refuses the lock ("Missing: @next/swc-darwin-arm64@ from lock file"). This
// script records every optional platform package the lock's packages declare, with its
// os/cpu taken from its name, so `npm ci` validates; each platform installs only its own.
// Run it after `npm install` changes the lock: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const PLATFORM = /-(darwin|linux|win32|freebsd|android)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64)(?:-(gnu|musl|msvc|gnueabihf))?$/;
const FAMILIES = ['@next/swc-', '@swc/core-'];

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (!FAMILIES.some((f) => name.startsWith(f))) continue;
    const m = PLATFORM.exec(name);
    if (!m) continue;
    const target = `node_modules/${name}`;
    if (lock.packages[target]) continue;
    const [, os, cpu, abi] = m;
    lock.packages[target] = {
      version,
      cpu: [cpu === 'arm' ? 'arm' : cpu],
      ...(abi === 'gnu' || abi === 'gnueabihf' ? { libc: ['glibc'] } : abi === 'musl' ? { libc: ['musl'] } : {}),
      license: 'MIT',
      optional: true,
      os: [os],
      engines: { node: '>= 10' },
    };
    added++;
    void key;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lockfile-platforms: ${added} optional platform package(s) recorded`);
