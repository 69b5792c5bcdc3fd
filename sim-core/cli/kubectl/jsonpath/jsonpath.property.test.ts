// Property: whatever the template (built from JSONPath's own tokens, or any text at all) and
// whatever the JSON object, parsing and printing return an answer (kubectl's output or its
// error) without throwing, and quickly. Runs: JSONPATH_PROPERTY_RUNS (default 300).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCustomColumns, parseJsonPath, printCustomColumns, printJsonPath } from './index';

const RUNS = Number(process.env.JSONPATH_PROPERTY_RUNS ?? 300);

const TOKENS = [
  '{', '}', '{.', '.', '..', '...', '[', ']', '[*]', '[0]', '[-1]', '[1:3]', '[::2]', '[0:4:0]', '[-]', '[a,b]', "['a']", "['a.b']", '["a"]', '[0,1]',
  '[?(', ')]', '@', '$', '@.a', '==', '!=', '<', '>=', '=~', '"', "'", '"x"', "'y'", '\\', '\\.', '\\n', '"\\n"', '"\\x41"', '"\\u00e9"', '"\\q"',
  ' ', '\t', '\n', 'a', 'b', 'items', 'metadata', 'name', 'range ', 'range', 'end', 'true', 'false', '1', '-2', '2.5', '1.2.3', '+', '*', '#', 'é', '😀', ',', ':',
];

const templateArb = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((t) => t.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const jsonArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -1, 1, 0.5, 1e21, 1.5e-7, 12345678901, '', 'a', 'b', 'x.y', '日本', '\x1b\r'),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 8 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'items', 'metadata', 'name', 'x.y', ''), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('jsonpath property', () => {
  it('never throws and always answers, for any template and object', () => {
    fc.assert(
      fc.property(templateArb, jsonArb, fc.boolean(), fc.boolean(), fc.boolean(), (template, obj, asJson, allowMissingKeys, typedObject) => {
        const p = parseJsonPath(template);
        if (!p.ok) {
          expect(p.error).toMatch(/^error: [\s\S]*\n$/);
          return;
        }
        const r = printJsonPath(p.value, obj, { asJson, allowMissingKeys, typedObject });
        if (!r.ok) expect(r.error).toMatch(/^(error|panic): [\s\S]*\n$/);
      }),
      { numRuns: RUNS },
    );
  });

  it('custom columns never throw, for any spec and objects', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('A', 'b', ''), templateArb), { maxLength: 4 }), fc.array(jsonArb, { maxLength: 3 }), fc.boolean(), (cols, objects, noHeaders) => {
        const p = parseCustomColumns(cols.map(([h, t]) => `${h}:${t}`).join(','));
        if (!p.ok) {
          expect(p.error).toMatch(/^error: [\s\S]*\n$/);
          return;
        }
        const r = printCustomColumns(p.value, objects, { noHeaders });
        if (!r.ok) expect(r.error).toMatch(/^(error|panic): [\s\S]*\n$/);
      }),
      { numRuns: RUNS },
    );
  });

  it('stays fast on hostile inputs', () => {
    const big = { items: Array.from({ length: 300 }, (_, i) => ({ metadata: { name: `p${i}`, labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } })) };
    const hostile = [
      '{'.repeat(50_000),
      '{.a}'.repeat(5000),
      '{' + '['.repeat(5000) + '}',
      '{..' + '.a..'.repeat(3000) + '}',
      '{range ..}'.repeat(300) + '{@}' + '{end}'.repeat(300),
      '{range .items[*]}'.repeat(40) + '{..}' + '{end}'.repeat(40),
      '{' + '[?('.repeat(2000) + ')]'.repeat(2000) + '}',
      '{"' + '\\'.repeat(10_000) + '"}',
    ];
    for (const template of hostile) {
      const started = performance.now();
      const p = parseJsonPath(template);
      // each one either parses and prints, or is refused in kubectl's shape (or the simulator's limit)
      if (p.ok) {
        const r = printJsonPath(p.value, big);
        if (!r.ok) expect(r.error).toMatch(/^(error|panic): [\s\S]*\n$/);
      } else expect(p.error).toMatch(/^error: [\s\S]*\n$/);
      const c = parseCustomColumns(`A:${template}`);
      if (!c.ok) expect(c.error).toMatch(/^error: [\s\S]*\n$/);
      // not a timing assertion on the machine: a bound that only an unbounded walk breaks
      expect(performance.now() - started).toBeLessThan(20_000);
    }
  }, 20_000);
});
