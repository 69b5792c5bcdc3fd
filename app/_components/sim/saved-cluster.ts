// A lesson's live cluster kept in the browser, as a lab's work is (../lab/local-save.ts):
// the worker's action log, replayed into a fresh worker on load — the simulation is
// deterministic, so the same log from the same start is the same cluster. The key names
// the lesson, the embed's place on it, the scenario, the sim-core version and the seed, but
// no language: /en/ and /ko/ share the cluster, and a log never replays on another
// simulation. The scenario itself (topology, members, setup) is fingerprinted in the
// value, so a log recorded before its author changed the setup is not replayed either.
//
// Version 2 stamps each save with the tab that made it and that tab's count of saves, as a
// lab's work is: tabs of one lesson share the key, and the stamp lets a tab tell its own
// save from another tab's (cluster-tab.ts). Version 1 records (no stamp) are still read.
import { z } from 'zod';
import { actionLogSchema, type ActionLog } from '@/sim-core/cluster/actions';
import { DEFAULT_GRADE_CAPS } from '@/sim-core/grading/caps';
import { stateHash } from '@/sim-core/kernel/canonical';
import { tokenize } from '@/sim-core/cli/shell/tokenize';
import { parseTicks } from '@/sim-core/cli/sim/usage';
import { parseStored, readStoredText, removeStored, writeStoredText, type ListedStorage, type WorkStorage } from '@/app/_lib/browser-storage';
import type { SaveStamp } from '@/app/_lib/tab-save';
import type { HostScenario } from '@/app/_lib/sim-worker/protocol';
import type { SimState } from './sim-state';

/**
 * How much of a lesson's cluster is kept. A lesson is never graded, so its worker runs
 * without grading's caps, and a tab left playing at 500 ticks/s adds a million ticks in
 * half an hour — all of which a reload would replay before the learner could type.
 * Ticks merge into one action while the cluster plays, so the log's length grows only
 * with commands and steps; what grows without bound is time (and, with here-documents,
 * bytes). The lab's caps bound the same things (sim-core/grading/caps.ts); a lesson keeps
 * its cluster under the same numbers — as many actions, as many simulated ticks (about
 * 33 minutes, a few seconds to replay) — and at most 512 K characters of the browser's
 * few megabytes, which every lab and lesson share. Past a limit the cluster runs on as
 * before but is no longer saved: the last save, from before the limit, is what a reload
 * brings back (a log is replayed from its start, so a prefix is always a valid cluster).
 * The same limits are checked again on load (clusterOverLimit), since what is read back
 * may have been edited by hand, and a lesson's worker would replay any of it.
 */
export const SAVED_CLUSTER_LIMITS = {
  maxActions: DEFAULT_GRADE_CAPS.maxActions,
  /** on logTicks: the time the log itself asks for, the scenario's setup not included */
  maxTicks: DEFAULT_GRADE_CAPS.maxTicks,
  maxChars: 512 * 1024,
} as const;

/** Why a cluster was not saved: past a limit of what is kept, or the browser refused (quota, disabled storage). */
export type SaveRefusal = 'actions' | 'ticks' | 'size' | 'refused';

const record = {
  /** the scenario the log was recorded on (scenarioFingerprint) */
  scenario: z.string().max(64),
  /** the learner's actions since the scenario's setup, as the worker recorded them */
  log: actionLogSchema,
};

const savedClusterSchema = z.discriminatedUnion('version', [
  z.object({ version: z.literal(1), ...record }),
  z.object({
    version: z.literal(2),
    /** the tab that saved it: a random id drawn when the page loaded */
    tab: z.string().min(1).max(64),
    /** that tab's saves so far, this one included */
    seq: z.number().int().min(1),
    ...record,
  }),
]);

/** A saved cluster as read back: its log, and its stamp (none on a version-1 record). */
export interface StoredCluster {
  log: ActionLog;
  stamp?: SaveStamp;
}

/** Where a cluster is kept: the lesson (`<course>/<lesson>`), and which of the scenario's embeds on it (0 for the first). */
export interface ClusterPlace {
  lesson: string;
  occurrence: number;
}

export function clusterKey(place: ClusterPlace, scenario: Pick<HostScenario, 'id' | 'seed'>, simCoreVersion: string): string {
  const embed = place.occurrence > 0 ? `#${place.occurrence + 1}` : '';
  return `reconcile:lesson:${place.lesson}:${scenario.id}${embed}:${simCoreVersion}:${scenario.seed}`;
}

/**
 * The keys this cluster was saved under with another sim-core version: the same lesson,
 * embed, scenario and seed (clusterKey's shape, the version one `:`-free field before the
 * seed). A log replays only on the simulation it was recorded on, so after an update these
 * are never loaded again — found only to be dropped, and to tell the learner why their
 * cluster starts fresh. None where storage cannot be read.
 */
export function otherVersionKeys(storage: ListedStorage, key: string): string[] {
  const shape = /^(reconcile:lesson:.+:)([^:]+)(:[0-9]+)$/.exec(key);
  if (shape === null) return [];
  const [, before = '', version = '', after = ''] = shape;
  const found: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k === null || k.length <= before.length + after.length || !k.startsWith(before) || !k.endsWith(after)) continue;
      const other = k.slice(before.length, k.length - after.length);
      if (other !== version && !other.includes(':')) found.push(k);
    }
  } catch {
    return []; // storage disabled (a private window, a policy)
  }
  return found;
}

/** What a log replays from: the scenario's topology, members, setup and seed, as 16 hex digits. */
export function scenarioFingerprint(scenario: HostScenario): string {
  return stateHash(scenario);
}

/** `sim tick N` as the terminal splits the line (VAR=value words first, as bash allows): N, else 0. */
function simTickOf(line: string): number {
  const split = tokenize(line);
  if (!split.ok) return 0;
  const words = split.words;
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  if (words.length - i !== 3 || words[i] !== 'sim' || words[i + 1] !== 'tick') return 0;
  return parseTicks(words[i + 2]) ?? 0;
}

/**
 * The simulated time a log asks for, read from the log alone: its steps of time (`tick`
 * actions: Step, and Play merged into one), every action's `at` (a tick it is pinned to,
 * which the replay runs up to; the browser never records one, so a hand-made log is
 * counted at its most), and the `sim tick N` lines typed in the terminal. The replay of a
 * log cannot let more time pass through these. Commands that wait until the cluster is
 * quiet or a timeout (`sim settle`, `kubectl wait`, `rollout status`, `logs -f`) are not
 * counted: what they wait is known only by running them.
 *
 * The setup's ticks are not counted either: this is the log's own time, the one the
 * limit is on. The cluster's clock (the header's "Tick N", and the tick the note names
 * once saving stops) counts from the scenario's start, so it reads past the limit by the
 * setup's ticks and those waits.
 */
export function logTicks(log: ActionLog): number {
  let ticks = 0;
  for (const a of log) ticks += (a.at ?? 0) + (a.type === 'tick' ? a.ticks : a.type === 'command' ? simTickOf(a.line) : 0);
  return ticks;
}

/** The limit of what is kept that `log` (whose record is `chars` long) is past, if any. */
export function clusterOverLimit(log: ActionLog, chars: number): Exclude<SaveRefusal, 'refused'> | undefined {
  if (log.length > SAVED_CLUSTER_LIMITS.maxActions) return 'actions';
  if (logTicks(log) > SAVED_CLUSTER_LIMITS.maxTicks) return 'ticks';
  if (chars > SAVED_CLUSTER_LIMITS.maxChars) return 'size';
  return undefined;
}

/**
 * A record's text (from getItem or a storage event) read back: undefined when there is
 * none, it is not valid, it was recorded on another scenario, it is a fresh cluster's, or
 * it is past a limit of what is kept (a record edited by hand: the page never saves one,
 * and a lesson's worker would replay it all).
 */
export function parseStoredCluster(raw: string | null | undefined, fingerprint: string): StoredCluster | undefined {
  if (raw === null || raw === undefined) return undefined;
  const saved = parseStored(raw, savedClusterSchema);
  if (saved === undefined || saved.scenario !== fingerprint || saved.log.length === 0) return undefined;
  if (clusterOverLimit(saved.log, raw.length) !== undefined) return undefined;
  return saved.version === 1 ? { log: saved.log } : { log: saved.log, stamp: { tab: saved.tab, seq: saved.seq } };
}

/** The saved log, or undefined when there is none or it is not one to replay (parseStoredCluster). */
export function loadCluster(storage: WorkStorage, key: string, fingerprint: string): ActionLog | undefined {
  return parseStoredCluster(readStoredText(storage, key), fingerprint)?.log;
}

/**
 * Keep `log`, stamped; an empty log (a fresh cluster) is nothing to keep: the key is
 * removed. The text written (null: removed), or why not, leaving the last save as it was:
 * the log is past a limit of what is kept (clusterOverLimit: its own time, not the
 * clock's) or the browser will not store it.
 */
export function saveCluster(storage: WorkStorage, key: string, fingerprint: string, log: ActionLog, stamp: SaveStamp): { ok: true; text: string | null } | { ok: false; refused: SaveRefusal } {
  if (log.length === 0) return removeStored(storage, key) ? { ok: true, text: null } : { ok: false, refused: 'refused' };
  if (log.length > SAVED_CLUSTER_LIMITS.maxActions) return { ok: false, refused: 'actions' };
  const text = JSON.stringify({ version: 2, tab: stamp.tab, seq: stamp.seq, scenario: fingerprint, log });
  const over = clusterOverLimit(log, text.length);
  if (over !== undefined) return { ok: false, refused: over };
  return writeStoredText(storage, key, text) ? { ok: true, text } : { ok: false, refused: 'refused' };
}

/**
 * Where the restore of a saved cluster stands, from the page's state of its worker: still
 * replaying until the first view after the replay; failed when the replay stopped early
 * (`replayed` with an error, in the worker's words): the simulation is deterministic, so
 * that log will never replay whole and is not worth keeping. A worker that failed on it
 * (crashed, ran out of memory, could not start) proves nothing about the log: the restore
 * is interrupted, the record is kept, and the page's "reload the page" means what it says.
 */
export function restoreOutcome(state: Pick<SimState, 'status' | 'view' | 'replay' | 'replayError'>): { kind: 'replaying' } | { kind: 'restored' } | { kind: 'failed'; message: string } | { kind: 'interrupted' } {
  if (state.replayError !== undefined) return { kind: 'failed', message: state.replayError };
  if (state.status === 'failed') return { kind: 'interrupted' };
  return state.view !== undefined && state.replay === undefined ? { kind: 'restored' } : { kind: 'replaying' };
}
