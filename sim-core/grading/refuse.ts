// The checks made before anything is replayed: the goals are valid, the log is an action
// log within its caps, its ticks never go backwards and it asks for no more simulated
// time than the cap. A log that fails one is refused, not graded.
import { z } from 'zod';
import { actionLogSchema, type ActionLog } from '../cluster/actions';
import { capSentence, type GradeCaps, type Refusal } from './caps';
import { goalSchema, type Goal } from './goals';

/** A checked value, or the refusal of it: invalid, or over a cap (the reason says which). */
export type Checked<T> = { ok: true; value: T } | Refusal;

function where(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
}

// built once: a zod schema is a compiled object, and every grade checks its goals
const goalsSchema = z.array(goalSchema).min(1, 'give at least one goal');

export function checkGoals(goals: unknown): Checked<Goal[]> {
  const r = goalsSchema.safeParse(goals);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0]!;
  const [index, ...rest] = issue.path;
  const id = typeof index === 'number' ? (goals as { id?: unknown }[])[index]?.id : undefined;
  const at = typeof index === 'number' ? `goal ${index + 1}${typeof id === 'string' ? ` '${id}'` : ''}` : 'goals';
  return { ok: false, reason: 'invalid', error: `${at}${rest.length > 0 ? ` '${where(rest)}'` : ''}: ${issue.message}` };
}

/** The type a refused action gave, as JSON, its first 100 characters only: a log may send megabytes there. */
function quotedType(type: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(type);
  } catch {
    text = undefined; // a BigInt or a cycle: not from a JSON log
  }
  if (text === undefined) return 'undefined';
  return text.length > 100 ? `${text.slice(0, 100)}… (${text.length - 100} more characters)` : text;
}

export function checkActionLog(log: unknown, caps: GradeCaps): Checked<ActionLog> {
  if (!Array.isArray(log)) return { ok: false, reason: 'invalid', error: 'an action log is a JSON array of actions' };
  if (log.length > caps.maxActions) return { ok: false, reason: 'actions', error: capSentence.actions(caps, log.length) };
  const r = actionLogSchema.safeParse(log);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const [index, ...rest] = issue.path;
    const n = typeof index === 'number' ? index + 1 : 0;
    const type = typeof index === 'number' ? (log[index] as { type?: unknown } | null)?.type : undefined;
    if (issue.code === 'invalid_union' && (rest.length === 0 || (rest.length === 1 && rest[0] === 'type'))) {
      return { ok: false, reason: 'invalid', error: `action ${n}: unknown action type ${quotedType(type)}; an action is {type: "command" | "writeFile" | "tick", …}` };
    }
    return { ok: false, reason: 'invalid', error: `action ${n}${rest.length > 0 ? ` '${where(rest)}'` : ''}: ${issue.message}` };
  }
  const actions = r.data;
  let commands = 0;
  let lastAt = -1;
  let lowerBound = 0; // the least simulated time the log will take
  for (const [i, a] of actions.entries()) {
    if (a.at !== undefined) {
      if (a.at < lastAt) return { ok: false, reason: 'invalid', error: `action ${i + 1}: its tick ${a.at} is before the previous action's tick ${lastAt}; an action log's ticks never go backwards` };
      lastAt = a.at;
      lowerBound = Math.max(lowerBound, a.at);
    }
    if (a.type === 'tick') lowerBound += a.ticks;
    if (a.type === 'command') commands++;
    if (lowerBound > caps.maxTicks) return { ok: false, reason: 'ticks', error: `${capSentence.ticks(caps)} by action ${i + 1}; a learner's log never needs that much simulated time` };
  }
  if (commands > caps.maxCommands) return { ok: false, reason: 'commands', error: `${capSentence.commands(caps)}; the log has ${commands}` };
  return { ok: true, value: actions };
}
