// `kubectl wait --for=…` (kubectl pkg/cmd/wait/wait.go 1.32: conditionFuncsFor,
// processJSONPathInput, ConditionalWait.checkCondition, JSONPathWait): what the flag asks
// for, with kubectl's errors for a malformed one, and whether an object meets it. Pure; the
// runner (run/wait-command.ts) fetches and waits.
import { parseJsonPath } from './jsonpath';
import { relaxedJsonPathExpression } from './jsonpath/custom-columns';
import { findAll } from './jsonpath/execute';
import { goSprint, type GoValue } from './jsonpath/go-values';
import type { ParsedTemplate } from './jsonpath';

export type WaitCondition =
  | { kind: 'delete' }
  | { kind: 'create' }
  | { kind: 'condition'; name: string; status: string }
  | { kind: 'jsonpath'; expression: string; template: ParsedTemplate; value: string | undefined };

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** splitJSONPathInput: split at `=`, except `==` (a filter's comparison). */
function splitAtEquals(input: string): string[] {
  const out: string[] = [];
  let part = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=') {
      if (input[i + 1] === '=') {
        part += '==';
        i++;
        continue;
      }
      out.push(part);
      part = '';
      continue;
    }
    part += input[i];
  }
  out.push(part);
  return out;
}

export function parseWaitCondition(spec: string): Parsed<WaitCondition> {
  const lower = spec.toLowerCase();
  if (lower === 'delete') return { ok: true, value: { kind: 'delete' } };
  if (lower === 'create') return { ok: true, value: { kind: 'create' } };
  if (spec.startsWith('condition=')) {
    const rest = spec.slice('condition='.length);
    const eq = rest.indexOf('=');
    return { ok: true, value: { kind: 'condition', name: eq < 0 ? rest : rest.slice(0, eq), status: eq < 0 ? 'true' : rest.slice(eq + 1) } };
  }
  if (spec.startsWith('jsonpath=')) {
    const parts = splitAtEquals(spec.slice('jsonpath='.length));
    if (parts.length < 1 || parts.length > 2) return { ok: false, error: "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'" };
    const relaxed = relaxedJsonPathExpression(parts[0]!);
    if (!relaxed.ok) return { ok: false, error: relaxed.error };
    let value: string | undefined;
    if (parts.length === 2) {
      value = parts[1]!.replace(/^['"]+|['"]+$/g, '');
      if (value === '') return { ok: false, error: "jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3" };
    }
    if (relaxed.value === '') return { ok: false, error: 'jsonpath expression cannot be empty' };
    const template = parseJsonPath(relaxed.value);
    if (!template.ok) return { ok: false, error: template.error.replace(/^error: /, '').replace(/\n$/, '') };
    return { ok: true, value: { kind: 'jsonpath', expression: relaxed.value, template: template.value, value } };
  }
  return { ok: false, error: `unrecognized condition: ${JSON.stringify(spec)}` };
}

/** Unicode simple case folding, as strings.EqualFold compares. */
const equalFold = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase();

/** Whether `obj` meets a condition=… or jsonpath=… wait, or the error kubectl stops with. */
export function conditionMet(cond: WaitCondition, obj: Record<string, unknown>): boolean | { error: string } {
  if (cond.kind === 'delete' || cond.kind === 'create') return cond.kind === 'create';
  if (cond.kind === 'condition') {
    const status = (obj.status ?? {}) as { conditions?: unknown };
    const generation = (obj.metadata as { generation?: unknown } | undefined)?.generation;
    for (const c of Array.isArray(status.conditions) ? status.conditions : []) {
      const cc = (c ?? {}) as { type?: unknown; status?: unknown; observedGeneration?: unknown };
      if (typeof cc.type !== 'string' || !equalFold(cc.type, cond.name)) continue;
      if (typeof cc.status !== 'string') continue;
      // a condition about an older generation does not count yet
      const observed = typeof cc.observedGeneration === 'number' ? cc.observedGeneration : (obj.status as { observedGeneration?: unknown }).observedGeneration;
      if (typeof generation === 'number' && typeof observed === 'number' && observed < generation) return false;
      return equalFold(cc.status, cond.status);
    }
    return false;
  }
  const found = findAll(cond.template, obj, { allowMissingKeys: true });
  if (!found.ok) return { error: 'execError' in found ? found.execError : found.error };
  // JSONPathWait.checkCondition: nothing found is not met; more than one match is an
  // error, with or without a value to compare
  const lists = found.lists;
  if (lists.length === 0 || lists[0]!.length === 0) return false;
  if (lists.length > 1) return { error: 'given jsonpath expression matches more than one list' };
  if (lists[0]!.length > 1) return { error: 'given jsonpath expression matches more than one value' };
  if (cond.value === undefined) return true;
  const v: GoValue = lists[0]![0]!;
  if (v.k === 'map' || v.k === 'slice') return { error: 'jsonpath leads to a nested object or list which is not supported' };
  // compareResults: both sides trimmed of spaces
  return goSprint(v, false).trim() === cond.value.trim();
}
