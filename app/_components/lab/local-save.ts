// Work in progress kept in the browser (issue 6: "work in progress survives a reload"):
// the editor's files, the action log and the hints revealed, under a key made of the lab
// id, the sim-core version and the seed — a log replays to the same state only on the
// simulation and the seed it was recorded with, so work saved under another version is
// not replayed by itself: the lab page offers it (older-work.ts), and the learner loads it
// (the files as they were, the log replayed on this version) or starts fresh. What is read
// back is validated like any other input.
//
// Version 2 stamps each save with the tab that made it and that tab's count of saves:
// several tabs of one lab share this key, and the stamp is what lets a tab tell its own
// save from another tab's (other-tab.ts). Version 1 records (no stamp) are still read.
import { z } from 'zod';
import { actionLogSchema, type Action, type ActionLog } from '@/sim-core/cluster/actions';
import { parseStored, readStoredText, writeStoredText, type WorkStorage } from '@/app/_lib/browser-storage';
import type { SaveStamp } from '@/app/_lib/tab-save';

export { readStoredText } from '@/app/_lib/browser-storage';
export type { ListedStorage, WorkStorage } from '@/app/_lib/browser-storage';

const work = {
  /** the editor's files: workspace path → text (edits not yet applied included) */
  files: z.record(z.string().max(256), z.string().max(1_572_864)),
  /** the learner's actions since the lab's setup, as the worker recorded them */
  log: actionLogSchema,
  /** hints revealed, in order */
  hints: z.number().int().min(0).max(64),
};

const savedWorkSchema = z.discriminatedUnion('version', [
  z.object({ version: z.literal(1), ...work }),
  z.object({
    version: z.literal(2),
    /** the tab that saved it: a random id drawn when the page loaded */
    tab: z.string().min(1).max(64),
    /** that tab's saves so far, this one included */
    seq: z.number().int().min(1),
    ...work,
  }),
]);

export interface SavedWork {
  files: Record<string, string>;
  log: ActionLog;
  hints: number;
}

/** A record as read from storage: the work, and its stamp (none on a version-1 record). */
export interface StoredWork {
  work: SavedWork;
  stamp?: SaveStamp;
}

export function workKey(labId: string, simCoreVersion: string, seed: number): string {
  return `reconcile:lab:${labId}:${simCoreVersion}:${seed}`;
}

/** The same action: the same fields with the same values (an absent field and an undefined one are the same). */
export function sameAction(a: Action, b: Action): boolean {
  const keys = (x: Action) => Object.entries(x).filter(([, v]) => v !== undefined);
  const ea = keys(a);
  const eb = new Map(keys(b));
  return ea.length === eb.size && ea.every(([k, v]) => eb.get(k) === v);
}

export function sameLog(a: ActionLog, b: ActionLog): boolean {
  return a.length === b.length && a.every((x, i) => sameAction(x, b[i]!));
}

/** A record's text (from getItem or a storage event) read back, or undefined when there is none or it is not valid. */
export function parseStoredWork(raw: string | null): StoredWork | undefined {
  const record = parseStored(raw, savedWorkSchema);
  if (record === undefined) return undefined;
  const { files, log, hints } = record;
  return record.version === 1 ? { work: { files, log, hints } } : { work: { files, log, hints }, stamp: { tab: record.tab, seq: record.seq } };
}

/** The saved work, or undefined when there is none or it is not valid. */
export function loadWork(storage: WorkStorage, key: string): SavedWork | undefined {
  return parseStoredWork(readStoredText(storage, key) ?? null)?.work;
}

/** Save, stamped; the text written, or undefined when the browser refused (quota, disabled storage): the work goes on, unsaved. */
export function saveWork(storage: WorkStorage, key: string, work: SavedWork, stamp: SaveStamp): string | undefined {
  const text = JSON.stringify({ version: 2, tab: stamp.tab, seq: stamp.seq, files: work.files, log: work.log, hints: work.hints });
  return writeStoredText(storage, key, text) ? text : undefined;
}

/**
 * The editor's files on load: the starter files, with the saved version of each where
 * there is one (a file the lab no longer has is dropped).
 */
export function restoreFiles(starter: readonly { path: string; content: string }[], saved: SavedWork | undefined): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of starter) files[f.path] = saved?.files[f.path] ?? f.content;
  return files;
}

/**
 * The files as the cluster has them after `log`: the starter files, overwritten by each
 * `writeFile` in order. The editor compares against this to know what Apply must write.
 */
export function clusterFiles(starter: readonly { path: string; content: string }[], log: ActionLog): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of starter) files[f.path] = f.content;
  for (const a of log) if (a.type === 'writeFile') files[a.path] = a.content;
  return files;
}

/**
 * After a replay of saved work that stopped early (an action threw), the worker's log is
 * only what was replayed: saved as it is, it would drop the rest of the learner's log for
 * good. So the record keeps the whole log until the learner changes the cluster: the first
 * log the worker gives after the replay is what was replayed, and the same log again is not
 * saved; another one (a command, Apply, Play, Reset) is the learner's, and is.
 */
export type ReplayHold =
  /** the replay stopped early; the worker's first log is still to come */
  | { kind: 'waiting' }
  /** what was replayed, not saved over the record */
  | { kind: 'holding'; replayed: ActionLog }
  /** the learner changed the cluster: its log is saved as usual */
  | { kind: 'released' };

/** The hold after the worker gives `log`; save `log` only when it is released. */
export function holdReplayed(hold: ReplayHold, log: ActionLog): ReplayHold {
  switch (hold.kind) {
    case 'waiting':
      return { kind: 'holding', replayed: log };
    case 'holding':
      return sameLog(hold.replayed, log) ? hold : { kind: 'released' };
    case 'released':
      return hold;
  }
}
