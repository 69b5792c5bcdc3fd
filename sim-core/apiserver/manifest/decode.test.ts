// decodeManifests against the messages the real kubectl 1.32 prints for the same files
// (captured with `kubectl create -f <file> --dry-run=client`).
import { describe, expect, test } from 'vitest';
import { decodeManifests, MAX_MANIFEST_BYTES } from './index';

function error(text: string, source = 'web.yaml'): string {
  const r = decodeManifests(text, source);
  if (r.ok) throw new Error(`expected a refusal, got ${JSON.stringify(r.objects)}`);
  return r.error;
}

function objects(text: string) {
  const r = decodeManifests(text, 'web.yaml');
  if (!r.ok) throw new Error(r.error);
  return r.objects;
}

describe('documents', () => {
  test('multi-document YAML, empty documents skipped', () => {
    const text = '---\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n\n---\n# only a comment\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n';
    expect(objects(text).map((o) => (o.metadata as { name: string }).name)).toEqual(['a', 'b']);
  });

  test('a List is expanded into its items', () => {
    const text =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: b\n';
    expect(objects(text).map((o) => o.kind)).toEqual(['ConfigMap', 'Secret']);
  });

  test('a JSON stream of several objects', () => {
    const text = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}\n{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b"}}';
    expect(objects(text)).toHaveLength(2);
  });

  test('Windows line endings and a byte-order mark are fine', () => {
    const text = '\uFEFFapiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: a\r\ndata:\r\n  k: v\r\n';
    expect(objects(text)).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } }]);
  });

  test('an empty file has no objects (the command decides what to say)', () => {
    expect(objects('')).toEqual([]);
    expect(objects('# nothing\n')).toEqual([]);
  });

  test('YAML 1.1 scalars as go-yaml reads them; timestamps and sexagesimals stay strings', () => {
    const [o] = objects('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nx:\n  on: yes\n  octal: 0777\n  date: 2024-01-01\n  port: 22:22\n  anchor: &a {k: v}\n  copy: *a\n');
    expect(o?.x).toEqual({ true: true, octal: 511, date: '2024-01-01', port: '22:22', anchor: { k: 'v' }, copy: { k: 'v' } });
  });
});

describe("scalars as go-yaml resolves them", () => {
  // recorded: kubectl 1.32 create -f p.yaml --dry-run=client -o json prints these labels and args as strings
  test('E7, e5 and . are strings (the yaml package made them NaN); 1e3, .5 and 1_000.5 stay numbers', () => {
    const [pod] = objects('apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    a: E7\n    b: e5\n    c: .\nspec:\n  containers:\n  - name: c\n    image: nginx\n    args: [E7, ., 1e3x]\n');
    expect((pod as { metadata: { labels: unknown } }).metadata.labels).toEqual({ a: 'E7', b: 'e5', c: '.' });
    expect((pod as { spec: { containers: { args: unknown }[] } }).spec.containers[0]!.args).toEqual(['E7', '.', '1e3x']);
    const [numbers] = objects('apiVersion: v1\nkind: X\nmetadata:\n  name: n\nvalues: [1e3, .5, 1_000.5, -.5e2, 1.5E3]\n');
    expect((numbers as { values: unknown }).values).toEqual([1000, 0.5, 1000.5, -50, 1500]);
  });
});

describe('errors in kubectl 1.32 shape', () => {
  test('mapping values not allowed', () => {
    expect(error('apiVersion: v1\nkind: Pod\nmetadata:\n  name: web: x\n  a: b\n', 'bad.yaml')).toBe(
      'error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context',
    );
  });

  test('a tab as indentation', () => {
    expect(error('apiVersion: v1\nkind: Pod\nmetadata:\n\tname: web\n', 'tab.yaml')).toBe(
      'error: error parsing tab.yaml: error converting YAML to JSON: yaml: line 4: found character that cannot start any token',
    );
  });

  test('a flow collection left open at the end: the line of the last thing read, and no node after `[`, `{` or `,`', () => {
    const cases: [string, string][] = [
      ['a: [\n', "line 1: did not find expected node content"],
      ['a: 1\nspec: [\n', 'line 2: did not find expected node content'],
      ['a: [1, 2]\nb: [3,\n', 'line 2: did not find expected node content'],
      ['a: {b: 1\n', "line 1: did not find expected ',' or '}'"],
      ['a: 1\nb: [1,\n  2\n', "line 3: did not find expected ',' or ']'"],
      ['apiVersion: v1\r\ndata:\r\n  mode: [\r\nkind: ConfigMap\r\nmetadata:\r\n  name: cfg\r\n', "line 4: did not find expected ',' or ']'"],
    ];
    for (const [text, detail] of cases) expect(error(text, 'y.yaml'), text).toBe(`error: error parsing y.yaml: error converting YAML to JSON: yaml: ${detail}`);
  });

  test('a syntax error before a repeated key: go-yaml parses the document before it decodes it', () => {
    expect(error('spec: 1\nspec: [\n', 'y.yaml')).toBe('error: error parsing y.yaml: error converting YAML to JSON: yaml: line 2: did not find expected node content');
  });

  test('an unterminated quote', () => {
    expect(error('a: "abc\n', 'q.yaml')).toBe(
      'error: error parsing q.yaml: error converting YAML to JSON: yaml: line 2: found unexpected end of stream',
    );
  });

  test('aliases: unknown anchor and a self-containing anchor', () => {
    expect(error('a: *x\n', 'anc.yaml')).toBe(
      "error: error parsing anc.yaml: error converting YAML to JSON: yaml: line 1: unknown anchor 'x' referenced",
    );
    expect(error('a: &a [*a]\n', 'cyc.yaml')).toBe(
      "error: error parsing cyc.yaml: error converting YAML to JSON: yaml: line 1: anchor 'a' value contains itself",
    );
  });

  test('infinity has no JSON form', () => {
    expect(error('a: .inf\nkind: x\n', 'inf.yaml')).toBe(
      'error: error parsing inf.yaml: error converting YAML to JSON: json: unsupported value: +Inf',
    );
  });

  test('missing apiVersion and kind', () => {
    expect(error('metadata:\n  name: web\n')).toBe(
      'error: error validating "web.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false',
    );
    expect(error('apiVersion: v1\nmetadata:\n  name: web\n')).toBe(
      'error: error validating "web.yaml": error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false',
    );
    expect(error('{}\n', 'e.yaml')).toContain('[apiVersion not set, kind not set]');
  });

  test('a document that is not an object', () => {
    for (const text of ['hello\n', '- a\n- b\n', '[1,2]']) {
      expect(error(text, 'seq.yaml')).toBe(
        'error: error validating "seq.yaml": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false',
      );
    }
  });

  test('truncated and malformed JSON', () => {
    expect(error('{"apiVersion": "v1", "kind": "Pod", ', 'badjson.json')).toBe('error: error parsing badjson.json: unexpected EOF');
    expect(error('{"a": tru}', 'tru.json')).toBe("error: error parsing tru.json: invalid character '}' in literal true (expecting 'e')");
  });

  test('duplicate keys are refused with go-yaml strict wording', () => {
    expect(error('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n')).toBe(
      'error: error parsing web.yaml: error converting YAML to JSON: yaml: unmarshal errors:\n  line 5: key "name" already set in map',
    );
  });

  test('over 3 MiB is refused as the API server refuses the request', () => {
    const big = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: ${'a'.repeat(MAX_MANIFEST_BYTES)}\n`;
    expect(error(big, 'big.yaml')).toBe(
      'Error from server (RequestEntityTooLarge): error when creating "big.yaml": Request entity too large: limit is 3145728',
    );
    // Multi-byte characters count as UTF-8 bytes, as on the wire.
    expect(error(`a: ${'é'.repeat(MAX_MANIFEST_BYTES / 2 + 1)}`, 'big.yaml')).toContain('Request entity too large');
  });

  test('prototype keys never become properties', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(error(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  ${key}: x\n`)).toContain(
        `key "${key}" is not allowed`,
      );
      expect(error(`{"apiVersion":"v1","kind":"ConfigMap","data":{"${key}":{"polluted":true}}}`, 'p.json')).toContain(
        `key "${key}" is not allowed`,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('nesting: real manifests pass, past 100 levels is refused', () => {
    const nested = (levels: number) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nx:\n${Array.from({ length: levels }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')} 1\n`;
    expect(objects(nested(40))).toHaveLength(1);
    expect(error(nested(120))).toBe('error: error parsing web.yaml: error converting YAML to JSON: yaml: exceeded max depth of 100');
    // Brackets inside a literal block are text, not nesting.
    const script = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  app.json: |\n    ${'['.repeat(50)}${']'.repeat(50)}\n`;
    expect(objects(script)).toHaveLength(1);
  });
});

describe('limits', () => {
  test('more than 500 documents are refused', () => {
    const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
    expect(objects(`${doc}---\n`.repeat(500))).toHaveLength(500);
    expect(error(`${doc}---\n`.repeat(501) + doc)).toBe(
      'error: error parsing web.yaml: error converting YAML to JSON: yaml: too many documents: more than 500 in one file',
    );
  });
});
