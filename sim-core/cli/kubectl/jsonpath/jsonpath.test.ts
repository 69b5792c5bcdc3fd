// The jsonpath, jsonpath-as-json and custom-columns printers must print byte for byte what the
// real kubectl 1.32 printed (../testdata/real-1.32-jsonpath/, recorded by
// ../testdata/capture-jsonpath.sh): each recording's command line is replayed here the way
// kubectl runs it (the object from the input file, the printer from the -o value).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseCapture } from '../../testkit/captures';
import { kubectlList } from '../structured';
import { formatGoFloat, goQuote, goSharpV, goSprint, goValue } from './go-values';
import { parseCustomColumns, parseJsonPath, printCustomColumns, printJsonPath } from './index';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-jsonpath');

/** Splits the recorded `$ kubectl …` line: plain words, '…', $'…' (\\ \' \n \t) and \x. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; ) {
    const c = line[i] as string;
    if (c === ' ') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '$' && line[i + 1] === "'") {
      word = word ?? '';
      for (i += 2; line[i] !== "'"; i++) {
        if (line[i] === '\\') {
          const e = line[++i] as string;
          word += e === 'n' ? '\n' : e === 't' ? '\t' : e;
        } else word += line[i];
      }
      i++;
    } else if (c === '\\') {
      word = (word ?? '') + line[i + 1];
      i += 2;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

interface Replay {
  stdout: string;
  stderr: string;
  exit: number;
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(join(DIR, name), 'utf8'));
}

/** What kubectl does with the recorded command line, through this module's functions. */
function replay(args: string[]): Replay {
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const output = flag('-o') ?? '';
  const allowMissingKeys = !args.includes('--allow-missing-template-keys=false');
  let objects: unknown[];
  let asList = false;
  let typedObject = false;
  if (args[0] === 'annotate') {
    const obj = parseYaml(readFileSync(join(DIR, flag('-f') as string), 'utf8')) as { metadata: { annotations?: Record<string, string> } };
    obj.metadata.annotations = { ...obj.metadata.annotations, x: 'y' };
    objects = [obj];
  } else if (args[0] === 'create') {
    objects = [readJson(args.includes('--replicas=1000000') ? 'create-deployment-million.json' : 'create-deployment-web.json')];
    typedObject = true;
  } else if (args[0] === 'get') {
    const file = `pods-${flag('-n') ?? 'default'}.json`;
    const items = existsSync(join(DIR, file)) ? (readJson(file) as { items: { metadata: { name: string } }[] }).items : [];
    const name = args[2] !== undefined && !args[2].startsWith('-') ? args[2] : undefined;
    objects = name === undefined ? items : items.filter((i) => i.metadata.name === name);
    asList = name === undefined;
  } else {
    throw new Error(`no replay for ${args.join(' ')}`);
  }

  const fail = (error: string, exit = 1, stdout = ''): Replay => ({ stdout, stderr: error, exit });
  const jsonpath = /^(jsonpath|jsonpath-as-json)=([\s\S]*)$/.exec(output);
  if (jsonpath) {
    const parsed = parseJsonPath(jsonpath[2] as string);
    if (!parsed.ok) return fail(parsed.error);
    const obj = asList ? kubectlList(objects) : objects[0];
    const r = printJsonPath(parsed.value, obj, { asJson: jsonpath[1] === 'jsonpath-as-json', allowMissingKeys, typedObject });
    return r.ok ? { stdout: r.text, stderr: '', exit: 0 } : fail(r.error, r.exitCode, r.text);
  }
  const columns = /^custom-columns=([\s\S]*)$/.exec(output);
  if (columns) {
    const parsed = parseCustomColumns(columns[1] as string);
    if (!parsed.ok) return fail(parsed.error);
    const r = printCustomColumns(parsed.value, objects, { noHeaders: args.includes('--no-headers') });
    return r.ok ? { stdout: r.text, stderr: '', exit: 0 } : fail(r.error, r.exitCode, r.text);
  }
  throw new Error(`no replay for -o ${output}`);
}

describe('kubectl 1.32 recordings', () => {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  it('has recordings', () => expect(files.length).toBeGreaterThanOrEqual(150));
  for (const file of files) {
    const c = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${c.command}`, () => {
      const words = shellWords(c.command);
      expect(words[0]).toBe('kubectl');
      const out = replay(words.slice(1));
      expect(out.stdout).toBe(c.stdout);
      expect(out.stderr).toBe(c.stderr);
      expect(out.exit).toBe(c.exit);
    });
  }
});

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', labels: { 'app.kubernetes.io/name': 'web', tier: 'front' } },
  spec: { containers: [{ name: 'a', image: 'nginx' }, { name: 'b', image: 'busybox', ports: [{ containerPort: 80 }] }] },
};

function jp(template: string, obj: unknown = pod, options: Parameters<typeof printJsonPath>[2] = {}): string {
  const p = parseJsonPath(template);
  if (!p.ok) return `PARSE ${p.error}`;
  const r = printJsonPath(p.value, obj, options);
  return r.ok ? r.text : `FAIL ${r.exitCode} ${r.text}|${r.error.split('\n')[0] as string}`;
}

describe('parseJsonPath', () => {
  it('keeps text outside actions and parses every node kind', () => {
    const p = parseJsonPath('a {.b[0:2:1]} {..c} {.d[?(@.e=="f")]} {.g[1,2]} {"h"} {1} {2.5} {true} {.*}');
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const obj = { b: [1, 2, 3], c: 'x', d: [{ e: 'f', v: 1 }, { e: 'g' }], g: ['g0', 'g1', 'g2'] };
    const r = printJsonPath(p.value, obj);
    expect(r).toEqual({ ok: true, text: expect.stringMatching(/^a 1 2 x /) as unknown as string });
  });
  it('words errors as kubectl', () => {
    expect(parseJsonPath('{.items[}')).toEqual({ ok: false, error: 'error: error parsing jsonpath {.items[}, unterminated array\n' });
    expect(parseJsonPath('')).toEqual({ ok: false, error: 'error: template format specified but no template given\n' });
    expect(parseJsonPath('{\u00a0}')).toEqual({ ok: false, error: 'error: error parsing jsonpath {\u00a0}, unrecognized character in action: U+00A0\n' });
    expect(parseJsonPath('{"\\ud800"}')).toEqual({ ok: false, error: 'error: error parsing jsonpath {"\\ud800"}, unquote string "\\ud800" error invalid syntax\n' });
    expect(parseJsonPath('{"\\400"}').ok).toBe(false);
    expect(parseJsonPath('{"\\x4"}').ok).toBe(false);
  });
  it('refuses hostile templates without throwing', () => {
    expect(parseJsonPath('{.a}'.repeat(25_000))).toMatchObject({ ok: false, error: expect.stringContaining('simulator limit') });
    expect(parseJsonPath('['.repeat(10_000)).ok).toBe(true);
    expect(parseJsonPath('{' + '['.repeat(10_000)).ok).toBe(false);
    expect(parseJsonPath('{' + '[?('.repeat(3000) + '}').ok).toBe(false);
  });
});

describe('printJsonPath', () => {
  it('prints strings raw, maps and slices as compact JSON with sorted keys', () => {
    expect(jp('{.metadata.name} {.metadata.labels} {.spec.containers[1].ports}')).toBe('web {"app.kubernetes.io/name":"web","tier":"front"} [{"containerPort":80}]');
  });
  it('separates results with one space and adds no newline', () => {
    expect(jp('{.spec.containers[*].name}')).toBe('a b');
  });
  it('prints null as null, and the zero Value of a ranged nil as <no value>', () => {
    expect(jp('{.x}', { x: null })).toBe('null');
    expect(jp('{range .x[*]}[{@}]{end}', { x: [null, 1] })).toBe('[<no value>][1]');
  });
  it('tells int64 from float64 as the unstructured decoder does', () => {
    expect(jp('{.a} {.b} {.c} {.d}', { a: 1000000, b: 1000000.5, c: 1e21, d: -0 })).toBe('1000000 1.0000005e+06 1e+21 0');
    expect(jp('{.a}', { a: 1000000 }, { typedObject: true })).toBe('1e+06');
  });
  it('honours --allow-missing-template-keys=false', () => {
    expect(jp('{.nope}', pod, { allowMissingKeys: false })).toBe('FAIL 1 |error: error executing jsonpath "{.nope}": Error executing template: nope is not found. Printing more information for debugging the template:');
  });
  it('prints the results of jsonpath-as-json as indented arrays', () => {
    expect(jp('{.spec.containers[*].name}{.nope}', pod, { asJson: true })).toBe('[\n    "a",\n    "b"\n]\n[]\n');
  });
  it('panics where kubectl panics', () => {
    expect(jp('{range .x[*]}{[0]}{end}', { x: [] })).toBe('FAIL 2 |panic: reflect: call of reflect.Value.Type on zero Value');
    expect(jp('{.y}{range .x[*]}{@}{end}', { x: [null], y: 1 }, { asJson: true })).toBe('FAIL 2 [\n    1\n]\n|panic: reflect: call of reflect.Value.Interface on zero Value');
  });
  it('runs the rest of the template once more after a range without end', () => {
    expect(jp('{range .spec.containers[*]}<{.name}>', pod)).toBe('<a><b><>');
  });
  it('treats a nil object as the zero Value', () => {
    expect(jp('{@}|{.a}', null)).toBe('<no value>|');
  });
  it('stops runaway templates', () => {
    const deep: unknown[] = [];
    let cur = deep;
    for (let i = 0; i < 5000; i++) {
      const next: unknown[] = [];
      cur.push(next, i);
      cur = next;
    }
    expect(jp('{..[0]}', { a: deep })).toContain('FAIL 1');
    let nested: unknown = 'leaf';
    for (let i = 0; i < 12; i++) nested = [nested];
    expect(jp('{.x' + '[0,0,0,0,0,0,0,0,0,0]'.repeat(12) + '}', { x: nested })).toBe('FAIL 1 |error: jsonpath template needs too much work (simulator limit)');
    const wide = { a: Array.from({ length: 2000 }, (_, i) => ({ b: Array.from({ length: 5 }, (_, j) => i * j) })) };
    expect(jp('{@}'.repeat(4000), wide)).toBe('FAIL 1 |error: output too large (simulator limit)');
    expect(jp('{range ..}{range ..}{@}{end}{end}', wide)).not.toContain('FAIL');
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic['self'] = cyclic;
    expect(jp('{..name}', cyclic)).toMatch(/simulator limit/);
    expect(jp('{.self}', cyclic)).toMatch(/simulator limit/);
  });
});

describe('Go formatting', () => {
  it('formats floats as strconv %g shortest', () => {
    expect([0.5, 1234567.5, 1e21, 0.0000015, 1.5e-7, 100000, 123456.5, 0.0001, 0.00001, -2.5, 1e100].map(formatGoFloat)).toEqual([
      '0.5',
      '1.2345675e+06',
      '1e+21',
      '1.5e-06',
      '1.5e-07',
      '100000',
      '123456.5',
      '0.0001',
      '1e-05',
      '-2.5',
      '1e+100',
    ]);
  });
  it('quotes as strconv.Quote', () => {
    expect(goQuote('a"b\\c\n\x1b\u00a0é😀\u200b')).toBe('"a\\"b\\\\c\\n\\x1b\\u00a0é😀\\u200b"');
  });
  it('prints %v and %#v', () => {
    const v = goValue({ b: [1, null, 'x'], a: { c: true } }, false);
    expect(goSprint(v, false)).toBe('map[a:map[c:true] b:[1 <nil> x]]');
    expect(goSharpV(v, false)).toBe('map[string]interface {}{"a":map[string]interface {}{"c":true}, "b":[]interface {}{1, interface {}(nil), "x"}}');
  });
});

describe('custom columns', () => {
  it('parses the relaxed expressions', () => {
    const p = parseCustomColumns('A:a.b,B:.a.b,C:{a.b},D:{.a.b},E:');
    expect(p.ok && p.value.map((c) => c.fieldSpec)).toEqual(['{.a.b}', '{.a.b}', '{.a.b}', '{.a.b}', '']);
  });
  it('prints rows through the get tabwriter', () => {
    const p = parseCustomColumns('NAME:.metadata.name,IMAGES:.spec.containers[*].image,PORT:.spec.containers[*].ports[*].containerPort,X:.x');
    if (!p.ok) throw new Error(p.error);
    expect(printCustomColumns(p.value, [pod, { metadata: { name: 'longer-name' }, x: '\x1b]0;\r' }])).toEqual({
      ok: true,
      text: 'NAME          IMAGES          PORT     X\nweb           nginx,busybox   80       <none>\nlonger-name   <none>          <none>   ^[]0;\\r\n',
    });
    expect(printCustomColumns(p.value, [], { noHeaders: true })).toEqual({ ok: true, text: '' });
  });
});
