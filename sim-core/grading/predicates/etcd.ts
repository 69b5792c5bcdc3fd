// etcd-level goals: a key (or a prefix) exists or not, a value equals or matches, a field
// of a stored JSON object. They read the committed keyspace, as `etcdctl get` would.
import { parseJsonPath, valueAtPath } from '../json-path';
import { show, verdict, type GoalVerdict } from '../explain';
import type { FieldCondition, StateCheck } from '../goals';
import type { ClusterView } from '../view';

type Check<K extends StateCheck['kind']> = Extract<StateCheck, { kind: K }>;

export function keyExists(g: Check<'keyExists'>, view: ClusterView): GoalVerdict {
  if (g.prefix === true) {
    const found = view.range(g.key);
    return found.length > 0
      ? verdict(true, `expected a key under ${g.key}, found ${found.length} (first: ${found[0]!.key})`, `${g.key} 아래에 키가 있어야 합니다: ${found.length}개 있음 (첫 키: ${found[0]!.key})`)
      : verdict(false, `expected a key under ${g.key}, found none`, `${g.key} 아래에 키가 있어야 하는데 하나도 없습니다`);
  }
  const kv = view.get(g.key);
  return kv !== undefined
    ? verdict(true, `expected key ${g.key} to exist, found it (mod_revision ${kv.mod_revision})`, `키 ${g.key}: 있어야 합니다 — 있음 (mod_revision ${kv.mod_revision})`)
    : verdict(false, `expected key ${g.key} to exist, found no such key`, `키 ${g.key}: 있어야 하는데 없습니다`);
}

export function keyAbsent(g: Check<'keyAbsent'>, view: ClusterView): GoalVerdict {
  if (g.prefix === true) {
    const found = view.range(g.key);
    return found.length === 0
      ? verdict(true, `expected no key under ${g.key}, found none`, `${g.key} 아래에 키가 없어야 합니다: 없음`)
      : verdict(false, `expected no key under ${g.key}, found ${found.length} (first: ${found[0]!.key})`, `${g.key} 아래에 키가 없어야 하는데 ${found.length}개 있습니다 (첫 키: ${found[0]!.key})`);
  }
  const kv = view.get(g.key);
  return kv === undefined
    ? verdict(true, `expected key ${g.key} to be absent, found no such key`, `키 ${g.key}: 없어야 합니다 — 없음`)
    : verdict(false, `expected key ${g.key} to be absent, found it (mod_revision ${kv.mod_revision})`, `키 ${g.key}: 없어야 하는데 있습니다 (mod_revision ${kv.mod_revision})`);
}

export function keyValue(g: Check<'keyValue'>, view: ClusterView): GoalVerdict {
  const want = g.equals !== undefined ? `= ${show(g.equals)}` : `matching /${g.matches}/`;
  const wantKo = g.equals !== undefined ? `키 ${g.key}: 기대값 ${show(g.equals)}` : `키 ${g.key}: 기대값 /${g.matches}/에 맞는 값`;
  const kv = view.get(g.key);
  if (kv === undefined) return verdict(false, `expected ${g.key} ${want}, found no key ${g.key}`, `${wantKo}, 그런데 키가 없습니다`);
  const ok = g.equals !== undefined ? kv.value === g.equals : new RegExp(g.matches!).test(kv.value);
  return verdict(ok, `expected ${g.key} ${want}, found ${show(kv.value)}`, `${wantKo}, 실제 값 ${show(kv.value)}`);
}

/** Applies one field test (equals / matches / exists) to a stored object. */
export function testField(object: Record<string, unknown>, c: FieldCondition): { ok: boolean; found: unknown } {
  const parsed = parseJsonPath(c.path);
  const found = parsed.ok ? valueAtPath(object, parsed.segments) : undefined;
  if (c.exists !== undefined) return { ok: (found !== undefined) === c.exists, found };
  if (c.equals !== undefined) return { ok: found === c.equals, found };
  const text = typeof found === 'string' ? found : typeof found === 'number' || typeof found === 'boolean' ? String(found) : undefined;
  return { ok: text !== undefined && new RegExp(c.matches!).test(text), found };
}

export function describeFieldTest(c: FieldCondition): string {
  if (c.exists === true) return `${c.path} to be set`;
  if (c.exists === false) return `${c.path} to be unset`;
  if (c.equals !== undefined) return `${c.path} = ${show(c.equals)}`;
  return `${c.path} matching /${c.matches}/`;
}

/** A short, language-neutral form for lists of conditions: `spec.nodeName = "node-1"`. */
export function fieldExpr(c: FieldCondition): { en: string; ko: string } {
  if (c.exists === true) return { en: `${c.path} set`, ko: `${c.path} 있음` };
  if (c.exists === false) return { en: `${c.path} unset`, ko: `${c.path} 없음` };
  if (c.equals !== undefined) return { en: `${c.path} = ${show(c.equals)}`, ko: `${c.path} = ${show(c.equals)}` };
  return { en: `${c.path} ~ /${c.matches}/`, ko: `${c.path} ~ /${c.matches}/` };
}

export function jsonPath(g: Check<'jsonPath'>, view: ClusterView): GoalVerdict {
  const want = describeFieldTest(g);
  const wantKo = `키 ${g.key}: 기대 ${fieldExpr(g).ko}`;
  const kv = view.get(g.key);
  if (kv === undefined) return verdict(false, `expected ${want} in ${g.key}, found no key ${g.key}`, `${wantKo}, 그런데 키가 없습니다`);
  const object = view.json(kv);
  if (object === undefined) return verdict(false, `expected ${want} in ${g.key}, but its value is not a JSON object: ${show(kv.value)}`, `${wantKo}, 그런데 값이 JSON 객체가 아닙니다: ${show(kv.value)}`);
  const r = testField(object, g);
  return verdict(r.ok, `expected ${want} in ${g.key}, found ${show(r.found)}`, `${wantKo}, 실제 값 ${r.found === undefined ? '없음' : show(r.found)}`);
}
