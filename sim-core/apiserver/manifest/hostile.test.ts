// Hostile input never hurts the decoder: thousands of random and adversarial YAML/JSON
// texts (deep nesting, alias bombs, huge scalars, prototype keys, lone surrogates, tabs,
// odd anchors) never throw, always finish within a bounded time, and never touch
// Object.prototype. Size from FUZZ_RUNS (default 3000).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { printYaml } from '../kinds';
import { decodeManifests } from './index';

const RUNS = Number(process.env.FUZZ_RUNS ?? '') || 3000;
/** Adversarial cases build large inputs; run fewer of them. */
const HEAVY_RUNS = Math.max(20, Math.floor(RUNS / 30));
/** Wall-clock bound per decode, generous for a loaded 2-core CI machine. */
const MAX_MS_PER_DECODE = 3000;
/** Per-test timeout grows with FUZZ_RUNS so a large run is limited by its size, not the default. */
const TIMEOUT_MS = Math.max(60_000, RUNS * 20);

let slowest = 0;

function decodeSafely(text: string): ReturnType<typeof decodeManifests> {
  const started = performance.now();
  const result = decodeManifests(text, 'fuzz.yaml');
  const elapsed = performance.now() - started;
  slowest = Math.max(slowest, elapsed);
  expect(elapsed).toBeLessThan(MAX_MS_PER_DECODE);
  if (!result.ok) {
    expect(result.error).toMatch(/^(error: |Error from server )/);
  } else {
    for (const o of result.objects) {
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      expect(typeof o.apiVersion).toBe('string');
      expect(typeof o.kind).toBe('string');
    }
  }
  return result;
}

let prototypeBefore: string[];
beforeAll(() => {
  prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterAll(() => {
  // Bounded work, reported for the record.
  console.log(`hostile manifests: slowest decode ${slowest.toFixed(1)} ms over ${RUNS} runs per property`);
});

const header = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';

/** YAML building blocks, including the ones that break parsers. */
const token = fc.constantFrom(
  'a',
  'key',
  '__proto__',
  'constructor',
  'prototype',
  '<<',
  ': ',
  ':',
  '- ',
  '-',
  '? ',
  '\n',
  '\n  ',
  '\n    ',
  '\t',
  ' ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a ',
  '&b ',
  '*a',
  '*b',
  '!!str ',
  '!!binary ',
  '!foo ',
  '|',
  '>-',
  '"',
  "'",
  '#',
  '---\n',
  '...\n',
  '%YAML 1.2\n',
  'yes',
  '0777',
  '.inf',
  '1e400',
  '2024-01-01',
  '22:22',
  '~',
  'null',
  '\uD800',
  '\uDC00',
  '\u2028',
  '\uFEFF',
  '\0',
);

describe('hostile manifests', () => {
  test('random text never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        decodeSafely(text);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('random YAML token soup never throws, with or without a valid header', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(token, { maxLength: 80 }), (withHeader, tokens) => {
        decodeSafely((withHeader ? header : '') + tokens.join(''));
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('mutated JSON never throws', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), fc.nat(), fc.string({ unit: 'binary', maxLength: 3 }), (json, at, insert) => {
        const text = `{"apiVersion":"v1","kind":"ConfigMap","data":${json}}`;
        const cut = at % (text.length + 1);
        decodeSafely(text);
        decodeSafely(text.slice(0, cut) + insert + text.slice(cut));
        decodeSafely(text.slice(0, cut));
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('deep nesting of every kind is refused quickly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 300_000 }), fc.integer({ min: 0, max: 4 }), (depth, style) => {
        const text = [
          () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
          () => `a: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`,
          () => `${'- '.repeat(depth)}x\n`,
          () => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`,
          () => Array.from({ length: Math.min(depth, 2000) }, (_, i) => `${' '.repeat(i)}k:`).join('\n'),
        ][style]!();
        const r = decodeSafely(text);
        expect(r.ok).toBe(false);
      }),
      { numRuns: HEAVY_RUNS },
    );
  }, TIMEOUT_MS);

  test('alias bombs are refused quickly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 30 }), fc.integer({ min: 2, max: 12 }), (levels, fanout) => {
        const lines = [header, 'data:', '  l0: &l0 "lol"'];
        for (let i = 1; i <= levels; i++) {
          lines.push(`  l${i}: &l${i} [${Array.from({ length: fanout }, () => `*l${i - 1}`).join(', ')}]`);
        }
        const r = decodeSafely(lines.join('\n'));
        // A small bomb may fit the limits; it then decodes to a bounded object.
        if (r.ok) expect(JSON.stringify(r.objects).length).toBeLessThan(50_000_000);
        if (fanout ** levels > 1_000_000) expect(r.ok).toBe(false);
      }),
      { numRuns: HEAVY_RUNS },
    );
  }, TIMEOUT_MS);

  test('huge scalars, long keys and many documents stay within bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3_500_000 }), (style, size) => {
        const text = [
          () => `${header}data:\n  x: ${'a'.repeat(size)}\n`,
          () => `${header}data:\n  ${'k'.repeat(size)}: v\n`,
          () => `${header}---\n`.repeat(Math.ceil(size / 1000)),
          () => `${header}data:\n  x: "${'\\u0041'.repeat(Math.ceil(size / 6))}"\n`,
        ][style]!();
        decodeSafely(text);
      }),
      { numRuns: Math.max(8, Math.floor(HEAVY_RUNS / 3)) },
    );
  }, TIMEOUT_MS);

  test('prototype keys anywhere are refused, in YAML and in JSON', () => {
    const key = fc.constantFrom('__proto__', 'constructor', 'prototype');
    fc.assert(
      fc.property(key, fc.integer({ min: 0, max: 5 }), (k, depth) => {
        const yamlPath = Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}n${i}:`).join('\n');
        const yaml = `${header}${yamlPath}${depth > 0 ? '\n' : ''}${'  '.repeat(depth)}${k}:\n${'  '.repeat(depth + 1)}polluted: true\n`;
        expect(decodeSafely(yaml).ok).toBe(false);
        const json = `{"apiVersion":"v1","kind":"ConfigMap",${'"n":{'.repeat(depth)}"${k}":{"polluted":true}${'}'.repeat(depth)}}`;
        expect(decodeSafely(json).ok).toBe(false);
      }),
      { numRuns: Math.min(RUNS, 500) },
    );
  }, TIMEOUT_MS);

  test('what printYaml prints decodes back to the same object', () => {
    const safeKey = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.string({ maxLength: 30 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(safeKey, tie('v'), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(fc.dictionary(safeKey, value, { maxKeys: 5 }), (data) => {
        const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data };
        const r = decodeSafely(printYaml(obj));
        expect(r).toEqual({ ok: true, objects: [obj] });
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT_MS);

  test('Object.prototype is untouched after everything above', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, TIMEOUT_MS);
});
