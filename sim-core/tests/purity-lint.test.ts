// The lint rule that keeps sim-core pure must really fire: lint a bad file as if it lived
// in sim-core and expect every kind of violation to be reported.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function lint(code: string, file = 'sim-core/kernel/example.ts') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}@${m.line}`);
}

describe('sim-core purity lint', () => {
  it('fires on clocks, randomness, timers, crypto and forbidden imports', async () => {
    const bad = [
      "import { readFileSync } from 'node:fs';", // 1
      "import React from 'react';", // 2
      "import { PrismaClient } from '@prisma/client';", // 3
      "import path from 'path';", // 4
      'export const a = Date.now();', // 5
      'export const b = Math.random();', // 6
      'setTimeout(() => {}, 1);', // 7
      'export const c = crypto.randomUUID();', // 8
      'export const d = new Date();', // 9
      'setInterval(() => {}, 1);', // 10
      'export const e = performance.now();', // 11
      "import next from 'next/server';", // 12
      'export const f = [readFileSync, React, PrismaClient, path, next];', // 13
    ].join('\n');
    const found = await lint(bad);
    for (const expected of [
      'no-restricted-imports@1',
      'no-restricted-imports@2',
      'no-restricted-imports@3',
      'no-restricted-imports@4',
      'no-restricted-globals@5',
      'no-restricted-properties@6',
      'no-restricted-globals@7',
      'no-restricted-globals@8',
      'no-restricted-globals@9',
      'no-restricted-globals@10',
      'no-restricted-globals@11',
      'no-restricted-imports@12',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('allows pure code, zod and yaml', async () => {
    const good = [
      "import { z } from 'zod';",
      "import { parse } from 'yaml';",
      'export const schema = z.object({ tick: z.number() });',
      'export const doc = parse("a: 1");',
      'export function next(tick: number): number { return tick + 1; }',
    ].join('\n');
    expect(await lint(good)).toEqual([]);
  });

  it('does not apply to the app, where Date and Node are fine', async () => {
    expect(await lint('export const now = Date.now();', 'app/_lib/example.ts')).toEqual([]);
  });
});
