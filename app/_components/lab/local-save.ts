// Work in progress kept in the browser (issue 6: "work in progress survives a reload"):
// the editor's files, the action log and the hints revealed, under a key made of the lab
// id, the sim-core version and the seed — a log replays to the same state only on the
// simulation and the seed it was recorded with, so work saved under another version is
// not replayed. What is read back is validated like any other input.
import { z } from 'zod';
import { actionLogSchema, type ActionLog } from '@/sim-core/cluster/actions';
import { readStored, writeStored, type WorkStorage } from '@/app/_lib/browser-storage';

export type { WorkStorage } from '@/app/_lib/browser-storage';

const savedWorkSchema = z.object({
  version: z.literal(1),
  /** the editor's files: workspace path → text (edits not yet applied included) */
  files: z.record(z.string().max(256), z.string().max(1_572_864)),
  /** the learner's actions since the lab's setup, as the worker recorded them */
  log: actionLogSchema,
  /** hints revealed, in order */
  hints: z.number().int().min(0).max(64),
});
export type SavedWork = Omit<z.infer<typeof savedWorkSchema>, 'version'>;

export function workKey(labId: string, simCoreVersion: string, seed: number): string {
  return `reconcile:lab:${labId}:${simCoreVersion}:${seed}`;
}

/** The saved work, or undefined when there is none or it is not valid. */
export function loadWork(storage: WorkStorage, key: string): SavedWork | undefined {
  const parsed = readStored(storage, key, savedWorkSchema);
  if (parsed === undefined) return undefined;
  const { files, log, hints } = parsed;
  return { files, log, hints };
}

/** Save; false when the browser refused (quota, disabled storage): the work goes on, unsaved. */
export function saveWork(storage: WorkStorage, key: string, work: SavedWork): boolean {
  return writeStored(storage, key, { version: 1, ...work });
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
