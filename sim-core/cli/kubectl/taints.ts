// The taint arithmetic of `kubectl taint` (kubectl pkg/cmd/taint/utils.go), pure: parse
// `key[=value]:effect` additions and `key[:effect]-` removals with kubectl's error texts,
// and work out a Node's new taints and the word kubectl prints (tainted, untainted,
// modified). The runner (run/taint.ts) reads and patches the Nodes.
import { isQualifiedName, isValidLabelValue } from '../../apiserver/kinds/nameRules';

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** parseTaint: `key`, `key:effect`, `key=value:effect`. */
function parseTaint(spec: string): Parsed<Taint> {
  const parts = spec.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) key = parts[0]!;
  else if (parts.length === 2) {
    effect = parts[1]!;
    if (!EFFECTS.includes(effect)) return { ok: false, error: `invalid taint effect: ${effect}, unsupported taint effect` };
    const kv = parts[0]!.split('=');
    if (kv.length > 2) return { ok: false, error: `invalid taint spec: ${spec}` };
    key = kv[0]!;
    if (kv.length === 2) {
      value = kv[1]!;
      const errs = isValidLabelValue(value);
      if (errs.length > 0) return { ok: false, error: `invalid taint spec: ${spec}, ${errs.join('; ')}` };
    }
  } else return { ok: false, error: `invalid taint spec: ${spec}` };
  const errs = isQualifiedName(key);
  if (errs.length > 0) return { ok: false, error: `invalid taint spec: ${spec}, ${errs.join('; ')}` };
  return { ok: true, value: { key, ...(value !== '' ? { value } : {}), effect } };
}

export interface TaintChanges {
  add: Taint[];
  remove: Taint[];
}

/** parseTaints: a trailing `-` removes; an addition needs an effect; no key+effect twice. */
export function parseTaints(specs: readonly string[]): Parsed<TaintChanges> {
  const add: Taint[] = [];
  const remove: Taint[] = [];
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      if (!t.ok) return t;
      remove.push({ key: t.value.key, effect: t.value.effect });
      continue;
    }
    const t = parseTaint(spec);
    if (!t.ok) return t;
    if (t.value.effect === '') return { ok: false, error: `invalid taint spec: ${spec}` };
    if (add.some((a) => a.key === t.value.key && a.effect === t.value.effect)) {
      // fmt's %v of a corev1.Taint: {key value effect <nil>}
      return { ok: false, error: `duplicated taints with the same key and effect: {${t.value.key} ${t.value.value ?? ''} ${t.value.effect} <nil>}` };
    }
    add.push(t.value);
  }
  return { ok: true, value: { add, remove } };
}

/** Validate's check: a key both added and removed (with the same effect, or any). */
export function conflictingTaints(changes: TaintChanges): string[] {
  const out: string[] = [];
  for (const a of changes.add) {
    for (const r of changes.remove) {
      if (a.key === r.key && (r.effect === '' || a.effect === r.effect)) out.push(`${r.key}=${r.effect}`);
    }
  }
  return out;
}

/** Taint.ToString: key=value:effect, key=value, key:effect or key. */
function taintText(t: Taint): string {
  const kv = t.value ? `${t.key}=${t.value}` : t.key;
  return t.effect ? `${kv}:${t.effect}` : kv;
}

const matches = (a: Taint, b: Taint): boolean => a.key === b.key && a.effect === b.effect;

/**
 * updateTaints on one Node's taints: the --overwrite check, then reorganizeTaints (the
 * additions first, then the old taints they do not replace, minus the removals).
 */
export function updateTaints(node: string, old: readonly Taint[], changes: TaintChanges, overwrite: boolean): Parsed<{ operation: string; taints: Taint[] }> {
  if (!overwrite) {
    const exists = changes.add.flatMap((t) => old.filter((o) => o.key === t.key && o.effect === t.effect).map(() => t.key));
    if (exists.length > 0) return { ok: false, error: `node ${node} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false` };
  }
  let taints: Taint[] = [...changes.add];
  for (const o of old) if (!taints.some((t) => matches(t, o))) taints.push(o);
  const added = old.length !== taints.length;
  const errors: string[] = [];
  // deleteTaints: `removed` is what the last removal did (kubectl's loop overwrites it)
  let removed = false;
  for (const r of changes.remove) {
    const before = taints.length;
    taints = taints.filter((t) => !(r.effect !== '' ? matches(t, r) : t.key === r.key));
    removed = taints.length !== before;
    if (!removed) errors.push(`taint "${taintText(r)}" not found`);
  }
  // utilerrors.NewAggregate: one error as itself, several in brackets
  if (errors.length > 0) return { ok: false, error: errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]` };
  const operation = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { ok: true, value: { operation, taints } };
}
