// --sort-by against the real kubectl 1.32 (../testdata/real-1.32-sort-by/, recorded by
// ../testdata/capture-sort-by.sh from the Pods in pods.json): the order, ties included —
// 9 Pods take Go's insertion sort, 40 its pattern-defeating quicksort — and the errors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { captureWords, parseCapture } from '../../testkit/captures';
import { goSort } from './goSort';
import { sortByField } from './sortBy';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-sort-by');
const pods = JSON.parse(readFileSync(join(DIR, 'pods.json'), 'utf8')) as Record<string, { metadata: { name: string } }[]>;

describe('kubectl get --sort-by against the real kubectl 1.32', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  it('has the recordings', () => expect(files.length).toBe(20));
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      const words = captureWords(c.command);
      const ns = words[words.indexOf('-n') + 1] as string;
      const field = (words.find((w) => w.startsWith('--sort-by=')) as string).slice('--sort-by='.length);
      const r = sortByField(pods[ns] ?? [], field, { table: !words.includes('-o') });
      if (c.exit !== 0) {
        // klog's fatal line carries the time and thread id
        const klog = (t: string) => t.replace(/^F\d{4} \d\d:\d\d:\d\d\.\d{6}\s+\d+ /, 'F<klog> ');
        expect(r.ok).toBe(false);
        if (!r.ok) expect(klog(r.error)).toBe(klog(c.stderr));
        return;
      }
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.map((p) => `pod/${p.metadata.name}\n`).join('')).toBe(c.stdout);
    });
  }

  it('leaves a one-row table alone, whatever the path, as kubectl sorts tables of two rows or more', () => {
    const one = [{ metadata: { name: 'a' } }];
    expect(sortByField(one, '.nothing', { table: true })).toEqual({ ok: true, value: one });
    expect(sortByField(one, '.nothing', { table: false })).toMatchObject({ ok: false });
  });
});

describe('goSort', () => {
  it('sorts any array of integers, of any length, with any number of ties', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), (xs) => {
        const a = [...xs];
        goSort(a.length, { less: (i, j) => a[i]! < a[j]!, swap: (i, j) => ([a[i], a[j]] = [a[j]!, a[i]!]) });
        expect(a).toEqual([...xs].sort((x, y) => x - y));
      }),
      { numRuns: 300 },
    );
  });

  it('is the stable insertion sort up to 12 elements', () => {
    const a = [3, 1, 2, 1, 3, 2, 1].map((k, i) => ({ k, i }));
    goSort(a.length, { less: (i, j) => a[i]!.k < a[j]!.k, swap: (i, j) => ([a[i], a[j]] = [a[j]!, a[i]!]) });
    expect(a.map((x) => x.i)).toEqual([1, 3, 6, 2, 5, 0, 4]);
  });
});
