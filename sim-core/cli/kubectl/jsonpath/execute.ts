// kubectl's JSONPath execution: k8s.io/client-go/util/jsonpath/jsonpath.go (FindResults, walk
// and the eval* functions, PrintResults, evalToText), as cli-runtime's
// pkg/printers/jsonpath.go (JSONPathPrinter.PrintObj) and genericclioptions/jsonpath_flags.go
// run it for `-o jsonpath=…` and `-o jsonpath-as-json=…`.
//
// Kept as upstream has it, quirks included: `{range}`/`{end}` work through counters shared by
// the whole run (a range without `{end}` runs the rest of the template for each item, then the
// rest once more); an index that selects nothing from an empty array ends the whole step
// early; strings are byte arrays to `*` and `..`; a filter's "exists" test ignores errors;
// int64 and float64 never compare. Go walks maps in random order for `*` and `..`; here they
// go in key order (one of the orders kubectl can print).
import { GoAbort, INVALID, MAX_DEPTH, goCompareOp, goJson, goQuote, goSharpV, goSprint, goTypeName, goValue, lookup, sortedKeys, topValue, utf8Bytes, type GoValue } from './go-values';
import type { ListNode, ParamsEntry, ParsedTemplate, TemplateNode } from './parser';

/** Simulator limits, so that no template over any object can run away. */
export const MAX_WORK = 1_000_000;
export const MAX_OUTPUT = 4 * 1024 * 1024;
const MAX_RANGE_DEPTH = 100;

interface Run {
  readonly nodes: readonly TemplateNode[];
  readonly allowMissingKeys: boolean;
  readonly typed: boolean;
  beginRange: number;
  inRange: number;
  endRange: number;
  lastEnd: number;
  work: number;
}

/** An error of the engine itself (returned by walk in upstream), as opposed to a panic or a limit. */
class ExecError extends Error {}

interface Found {
  v: GoValue[];
  err?: string;
}

function charge(run: Run, n: number): void {
  run.work += n + 1;
  if (run.work > MAX_WORK) throw new GoAbort('jsonpath template needs too much work (simulator limit)', 'limit');
}

const ZERO_TYPE = 'reflect: call of reflect.Value.Type on zero Value';
const ZERO_INTERFACE = 'reflect: call of reflect.Value.Interface on zero Value';

function walk(run: Run, input: GoValue[], node: TemplateNode): Found {
  charge(run, input.length);
  switch (node.t) {
    case 'list':
      return evalList(run, input, node);
    case 'text':
      return { v: [{ k: 'string', v: node.text }] };
    case 'field':
      return evalField(run, input, node.name);
    case 'array':
      return evalArray(run, input, node.params);
    case 'filter':
      return evalFilter(run, input, node.left, node.right, node.op);
    case 'int':
      return { v: input.map((): GoValue => ({ k: 'int', v: node.value, t: 'int' })) };
    case 'float':
      return { v: input.map((): GoValue => ({ k: 'float', v: node.value })) };
    case 'bool':
      return { v: input.map((): GoValue => ({ k: 'bool', v: node.value })) };
    case 'wildcard':
      return { v: evalWildcard(run, input) };
    case 'recursive':
      return { v: evalRecursive(run, input) };
    case 'union': {
      const out: GoValue[] = [];
      for (const list of node.nodes) {
        const r = evalList(run, input, list);
        if (r.err !== undefined) return { v: input, err: r.err };
        out.push(...r.v);
      }
      return { v: out };
    }
    case 'identifier':
      return evalIdentifier(run, input, node.name);
  }
}

function evalList(run: Run, input: GoValue[], list: ListNode): Found {
  let cur = input;
  for (const node of list.nodes) {
    const r = walk(run, cur, node);
    if (r.err !== undefined) return r;
    cur = r.v;
  }
  return { v: cur };
}

function evalIdentifier(run: Run, input: GoValue[], name: string): Found {
  switch (name) {
    case 'range':
      run.beginRange++;
      return { v: input };
    case 'end':
      if (run.inRange > 0) {
        run.endRange++;
        return { v: [] };
      }
      return { v: [], err: 'not in range, nothing to end' };
    default:
      return { v: input, err: `unrecognized identifier ${name}` };
  }
}

function evalField(run: Run, input: GoValue[], name: string): Found {
  if (input.length === 0) return { v: [] };
  const out: GoValue[] = [];
  for (const value of input) {
    if (value.k !== 'map') continue;
    const x = lookup(value.v, name);
    if (x !== undefined) out.push(goValue(x, run.typed));
  }
  if (out.length === 0 && !run.allowMissingKeys) return { v: [], err: `${name} is not found` };
  return { v: out };
}

function evalArray(run: Run, input: GoValue[], node: readonly [ParamsEntry, ParamsEntry, ParamsEntry]): Found {
  const out: GoValue[] = [];
  for (const value of input) {
    if (value.k === 'nil') continue;
    if (value.k === 'invalid') throw new GoAbort(ZERO_TYPE, 'panic');
    if (value.k !== 'slice') return { v: input, err: `${goTypeName(value)} is not array or slice` };
    const length = value.v.length;
    const p0 = { ...node[0] };
    const p1 = { ...node[1] };
    const p2 = node[2];
    if (!p0.known) p0.value = 0;
    if (p0.value < 0) p0.value += length;
    if (!p1.known) p1.value = length;
    if (p1.value < 0 || (p1.value === 0 && p1.derived)) p1.value += length;
    if (p1.value === p0.value) return { v: out };
    if (p0.value >= length || p0.value < 0) return { v: input, err: `array index out of bounds: index ${p0.value}, length ${length}` };
    if (p1.value > length || p1.value < 0) return { v: input, err: `array index out of bounds: index ${p1.value - 1}, length ${length}` };
    if (p0.value > p1.value) return { v: input, err: `starting index ${p0.value} is greater than ending index ${p1.value}` };
    let step = 1;
    if (p2.known) {
      if (p2.value <= 0) return { v: input, err: 'step must be > 0' };
      step = p2.value;
    }
    charge(run, (p1.value - p0.value) / step);
    for (let i = p0.value; i < p1.value; i += step) out.push(goValue(value.v[i], run.typed));
  }
  return { v: out };
}

function children(run: Run, value: GoValue): GoValue[] {
  switch (value.k) {
    case 'map':
      return sortedKeys(value.v).map((key) => goValue(value.v[key], run.typed));
    case 'slice':
      return value.v.map((x) => goValue(x, run.typed));
    case 'string':
      return Array.from(utf8Bytes(value.v), (b): GoValue => ({ k: 'int', v: b, t: 'uint8' }));
    default:
      return [];
  }
}

function evalWildcard(run: Run, input: GoValue[]): GoValue[] {
  const out: GoValue[] = [];
  for (const value of input) {
    const c = children(run, value);
    charge(run, c.length);
    out.push(...c);
  }
  return out;
}

/** `..`: every value below (and including) the input that has elements, depth first. */
function evalRecursive(run: Run, input: GoValue[]): GoValue[] {
  const out: GoValue[] = [];
  const stack: { items: GoValue[]; i: number }[] = [{ items: input, i: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { items: GoValue[]; i: number };
    const value = top.items[top.i++];
    if (value === undefined) {
      stack.pop();
      continue;
    }
    if (value.k === 'string') {
      // its elements are bytes, which have none
      if (value.v !== '') out.push(value);
      continue;
    }
    const c = children(run, value);
    charge(run, c.length);
    if (c.length === 0) continue;
    out.push(value);
    stack.push({ items: c, i: 0 });
  }
  return out;
}

function evalFilter(run: Run, input: GoValue[], left: ListNode, right: ListNode, op: string): Found {
  const out: GoValue[] = [];
  for (const value of input) {
    if (value.k !== 'slice') return { v: input, err: `${goSprint(value, run.typed)} is not array or slice and cannot be filtered` };
    for (const x of value.v) {
      const item = goValue(x, run.typed);
      const temp = [item];
      const lefts = evalList(run, temp, left);
      if (op === 'exists') {
        if (lefts.v.length > 0) out.push(item);
        continue;
      }
      if (lefts.err !== undefined) return { v: input, err: lefts.err };
      if (lefts.v.length === 0) continue;
      if (lefts.v.length > 1) return { v: input, err: 'can only compare one element at a time' };
      const rights = evalList(run, temp, right);
      if (rights.err !== undefined) return { v: input, err: rights.err };
      if (rights.v.length === 0) continue;
      if (rights.v.length > 1) return { v: input, err: 'can only compare one element at a time' };
      const pass = goCompareOp(op, lefts.v[0] as GoValue, rights.v[0] as GoValue);
      if (pass === null) return { v: out, err: `unrecognized filter operator ${op}` };
      if (!pass.ok) return { v: out, err: pass.error };
      if (pass.value) out.push(item);
    }
  }
  return { v: out };
}

/** value.Interface() handed back to reflect.ValueOf: a nil in an interface becomes the zero Value. */
function unwrap(value: GoValue): GoValue {
  if (value.k === 'invalid') throw new GoAbort(ZERO_INTERFACE, 'panic');
  return value.k === 'nil' ? INVALID : value;
}

/** FindResults from node `start` of the template on: one result list per top-level node. */
function findResults(run: Run, data: GoValue, start: number): GoValue[][] {
  const cur = [data];
  const full: GoValue[][] = [];
  const nodes = run.nodes;
  for (let i = start; i < nodes.length; i++) {
    const r = walk(run, cur, nodes[i] as TemplateNode);
    if (r.err !== undefined) throw new ExecError(r.err);
    if (run.endRange > 0 && run.endRange <= run.inRange) {
      run.endRange--;
      run.lastEnd = i;
      break;
    }
    if (run.beginRange > 0) {
      run.beginRange--;
      run.inRange++;
      if (run.inRange > MAX_RANGE_DEPTH) throw new GoAbort('jsonpath ranges nested too deeply (simulator limit)', 'limit');
      if (r.v.length > 0) {
        for (const value of r.v) full.push(...findResults(run, unwrap(value), i + 1));
      } else {
        findResults(run, INVALID, i + 1);
      }
      run.inRange--;
      for (let k = i + 1; k < nodes.length; k++) {
        if (k === run.lastEnd) {
          i = k;
          break;
        }
      }
      continue;
    }
    full.push(r.v);
  }
  return full;
}


/** evalToText: how one result prints in a jsonpath template. */
function toText(value: GoValue, typed: boolean, limit: number): string {
  switch (value.k) {
    case 'map':
    case 'slice':
      return goJson(value, typed, '', '', limit);
    case 'invalid':
      return '<no value>';
    case 'nil':
      return 'null';
    default:
      return goSprint(value, typed);
  }
}

export interface JsonPathOptions {
  /** `-o jsonpath-as-json=…`: each result list printed as an indented JSON array. */
  asJson?: boolean;
  /** kubectl's --allow-missing-template-keys (default true). */
  allowMissingKeys?: boolean;
  /**
   * The object is a typed Go object (`kubectl create … --dry-run=client -o jsonpath=…`):
   * kubectl turns it into a map by a JSON round trip, so every number is a float64
   * (1000000 prints as 1e+06, and never equals an integer literal in a filter).
   */
  typedObject?: boolean;
}

export type PrintResult = { ok: true; text: string } | { ok: false; text: string; error: string; exitCode: number };

export type Aborted = { ok: false; error: string; exitCode: number };

/**
 * Runs the template over the object: the result lists (one per top-level node and range
 * iteration); or the engine's error (`execError`, which each printer words its own way); or
 * what kubectl prints when it panics, or when a simulator limit stops the run.
 */
export function findAll(template: ParsedTemplate, obj: unknown, options: JsonPathOptions = {}): { ok: true; lists: GoValue[][] } | { ok: false; execError: string } | Aborted {
  const typed = options.typedObject === true;
  const run: Run = { nodes: template.nodes, allowMissingKeys: options.allowMissingKeys !== false, typed, beginRange: 0, inRange: 0, endRange: 0, lastEnd: -1, work: 0 };
  const data = topValue(obj, typed);
  try {
    return { ok: true, lists: findResults(run, data, 0) };
  } catch (e) {
    if (e instanceof ExecError) return { ok: false, execError: e.message };
    return aborted(e);
  }
}

function aborted(e: unknown): Aborted {
  if (e instanceof GoAbort && e.kind === 'panic') return { ok: false, error: `panic: ${e.message}\n\ngoroutine 1 [running]:\n`, exitCode: 2 };
  if (e instanceof GoAbort) return { ok: false, error: `error: ${e.message}\n`, exitCode: 1 };
  if (e instanceof RangeError) return { ok: false, error: 'error: jsonpath template too complex (simulator limit)\n', exitCode: 1 };
  throw e;
}

/** JSONPathPrinter.PrintObj: the template over one object, as kubectl prints it. */
export function printJsonPath(template: ParsedTemplate, obj: unknown, options: JsonPathOptions = {}): PrintResult {
  const typed = options.typedObject === true;
  const found = findAll(template, obj, options);
  if ('execError' in found) return { ok: false, text: '', error: executionError(template.source, found.execError, obj, typed), exitCode: 1 };
  if (!found.ok) return { ...found, text: '' };
  let text = '';
  try {
    for (const list of found.lists) {
      if (options.asJson) {
        if (list.some((v) => v.k === 'invalid')) throw new GoAbort(ZERO_INTERFACE, 'panic');
        text += list.length === 0 ? '[]\n' : '[\n' + list.map((v) => '    ' + goJson(v, typed, '    ', '    ', MAX_OUTPUT - text.length)).join(',\n') + '\n]\n';
      } else {
        text += list.map((v) => toText(v, typed, MAX_OUTPUT - text.length)).join(' ');
      }
      if (text.length > MAX_OUTPUT) throw new GoAbort('output too large (simulator limit)', 'limit');
    }
  } catch (e) {
    const a = aborted(e);
    return { ok: false, text: a.exitCode === 2 ? text : '', error: a.error, exitCode: a.exitCode };
  }
  return { ok: true, text };
}

/** The message kubectl prints when executing a template fails. */
function executionError(source: string, err: string, obj: unknown, typed: boolean): string {
  let dump: string;
  try {
    const data = topValue(obj, typed);
    dump = data.k === 'invalid' ? '<nil>' : goSharpV(data, typed, MAX_OUTPUT);
  } catch {
    dump = `<object too big to print: more than ${MAX_DEPTH} levels or ${MAX_OUTPUT} characters>`;
  }
  return (
    `error: error executing jsonpath ${goQuote(source)}: Error executing template: ${err}. Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${source}\n` +
    `\tobject given to jsonpath engine was:\n\t\t${dump}\n\n\n`
  );
}
