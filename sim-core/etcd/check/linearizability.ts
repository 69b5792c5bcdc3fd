// A linearizability checker for single-key registers, in the manner of Porcupine
// (Athalye's Go checker, after Wing & Gong and Lowe's just-in-time linearization): find a
// total order of the operations that respects real time (an operation that returned
// before another was called comes first) and the register's sequential behaviour. The
// search is a depth-first walk over the call/return events with backtracking, memoising
// (set of linearized operations, register value) pairs already explored. Histories are
// checked one key at a time: registers are independent (Herlihy & Wing's locality).
//
// An operation whose outcome is unknown (the client timed out) gets a return time of
// +Infinity: it may take effect at any point after its call, or never visibly.

/** null = the key does not exist */
export type RegisterValue = string | null;

export type RegisterOp =
  | { kind: 'write'; value: RegisterValue }
  | { kind: 'read'; value: RegisterValue }
  /** compare-and-set: succeeded says whether the value was `expect` and became `value` */
  | { kind: 'cas'; expect: RegisterValue; value: RegisterValue; succeeded: boolean };

export interface HistoryOp {
  key: string;
  /** logical time of the call and of the return (Infinity = never returned) */
  call: number;
  ret: number;
  op: RegisterOp;
  /** for messages: who did it */
  client?: string;
}

export type LinearizabilityResult = { ok: true } | { ok: false; key: string; ops: HistoryOp[] };

function step(state: RegisterValue, op: RegisterOp): { ok: boolean; next: RegisterValue } {
  switch (op.kind) {
    case 'write':
      return { ok: true, next: op.value };
    case 'read':
      return { ok: state === op.value, next: state };
    case 'cas':
      if (op.succeeded) return { ok: state === op.expect, next: op.value };
      return { ok: state !== op.expect, next: state };
  }
}

interface Node {
  /** index of the op; call and return events share it */
  id: number;
  isCall: boolean;
  time: number;
  prev: Node | undefined;
  next: Node | undefined;
  /** a call node's matching return */
  match: Node | undefined;
}

/** A bound on the search, far above what a swarm's per-key history needs. */
const MAX_STATES = 2_000_000;

/** Whether one key's operations are linearizable, starting from `initial`. */
export function checkRegister(ops: readonly HistoryOp[], initial: RegisterValue = null): boolean {
  if (ops.length === 0) return true;
  const events: Node[] = [];
  ops.forEach((o, id) => {
    const call: Node = { id, isCall: true, time: o.call, prev: undefined, next: undefined, match: undefined };
    const ret: Node = { id, isCall: false, time: o.ret, prev: undefined, next: undefined, match: undefined };
    call.match = ret;
    events.push(call, ret);
  });
  // calls before returns at equal times: concurrent rather than ordered
  events.sort((a, b) => a.time - b.time || (a.isCall === b.isCall ? a.id - b.id : a.isCall ? -1 : 1));
  const head: Node = { id: -1, isCall: false, time: -Infinity, prev: undefined, next: undefined, match: undefined };
  let prev = head;
  for (const e of events) {
    prev.next = e;
    e.prev = prev;
    prev = e;
  }
  const lift = (n: Node) => {
    n.prev!.next = n.next;
    if (n.next) n.next.prev = n.prev;
    const m = n.match!;
    m.prev!.next = m.next;
    if (m.next) m.next.prev = m.prev;
  };
  const unlift = (n: Node) => {
    const m = n.match!;
    m.prev!.next = m;
    if (m.next) m.next.prev = m;
    n.prev!.next = n;
    if (n.next) n.next.prev = n;
  };
  let linearized = 0n;
  let state = initial;
  const seen = new Set<string>();
  const stack: Array<{ node: Node; state: RegisterValue }> = [];
  let entry = head.next;
  while (head.next !== undefined) {
    if (entry === undefined) return false;
    if (entry.isCall) {
      const r = step(state, ops[entry.id]!.op);
      if (r.ok) {
        const bits = linearized | (1n << BigInt(entry.id));
        const key = `${bits.toString(36)}|${r.next === null ? '\u0000' : 'v' + r.next}`;
        if (!seen.has(key)) {
          if (seen.size >= MAX_STATES) throw new Error(`checkRegister: more than ${MAX_STATES} states explored; the history is too concurrent to check`);
          seen.add(key);
          stack.push({ node: entry, state });
          state = r.next;
          linearized = bits;
          lift(entry);
          entry = head.next;
          continue;
        }
      }
      entry = entry.next;
    } else {
      // a return whose call is not linearized yet: undo the last choice
      const top = stack.pop();
      if (top === undefined) return false;
      state = top.state;
      linearized &= ~(1n << BigInt(top.node.id));
      unlift(top.node);
      entry = top.node.next;
    }
  }
  return true;
}

/**
 * Drop writes of unknown outcome (never returned) whose value no operation observed.
 * Such a write can always be placed after everything else, where it changes nothing any
 * operation saw, so the history is linearizable with it exactly when it is without it —
 * and each one removed halves the search. Writes of null (deletes) are kept: a read of
 * "absent" may be explained by them. A failed compare-and-set observes only that the
 * value was *not* something, which any write may explain, so a key with one is left whole.
 */
export function pruneUnobservedWrites(ops: readonly HistoryOp[]): HistoryOp[] {
  const observed = new Set<RegisterValue>();
  for (const o of ops) {
    if (o.op.kind === 'read') observed.add(o.op.value);
    if (o.op.kind === 'cas') {
      if (!o.op.succeeded) return [...ops];
      observed.add(o.op.expect);
    }
  }
  return ops.filter((o) => !(o.ret === Infinity && o.op.kind === 'write' && o.op.value !== null && !observed.has(o.op.value)));
}

/** Check every key's history; the first key that fails is reported with its operations. */
export function checkHistory(history: readonly HistoryOp[]): LinearizabilityResult {
  const byKey = new Map<string, HistoryOp[]>();
  for (const h of history) {
    const list = byKey.get(h.key) ?? [];
    list.push(h);
    byKey.set(h.key, list);
  }
  for (const key of [...byKey.keys()].sort()) {
    const ops = pruneUnobservedWrites(byKey.get(key)!);
    if (!checkRegister(ops)) return { ok: false, key, ops };
  }
  return { ok: true };
}
