// The page's half of Apply: which files it writes (those edited since the cluster last
// had them), and what the page believes the cluster has once the worker answers — the
// files are applied only when the worker says they were written; a refused or unanswered
// Apply changes nothing, so every edit stays in the editor marked as not applied.
import type { ApplyAnswer, WorkspaceFile } from '@/app/_components/sim/use-sim-worker';
import type { LabLimit } from '@/app/_lib/sim-worker/protocol';
import { ACTION_LOG_LIMITS } from '@/sim-core/cluster/actions';

/** Why an Apply wrote nothing: a cap of grading's, a file larger than the workspace records, or the worker did not answer. */
export type ApplyRefusal = { kind: 'limit'; limit: LabLimit } | { kind: 'fileTooLarge'; path: string; length: number; max: number } | { kind: 'failed' };

/** A file too large for the action log (etcd's request limit, as the log's schema counts it): refused before anything is sent. */
export function oversizedFile(writes: readonly WorkspaceFile[]): ApplyRefusal | undefined {
  const max = ACTION_LOG_LIMITS.maxFileBytes;
  const big = writes.find((f) => f.content.length > max);
  return big === undefined ? undefined : { kind: 'fileTooLarge', path: big.path, length: big.content.length, max };
}

/** The files Apply sends: each one whose text differs from the cluster's copy, in the editor's order. */
export function filesToWrite(files: Readonly<Record<string, string>>, applied: Readonly<Record<string, string>>): WorkspaceFile[] {
  return Object.entries(files)
    .filter(([path, content]) => applied[path] !== content)
    .map(([path, content]) => ({ path, content }));
}

/** Why the worker's answer to an Apply wrote nothing; undefined when it wrote the files. */
export function applyRefusalOf(answer: ApplyAnswer | undefined): ApplyRefusal | undefined {
  if (answer === undefined) return { kind: 'failed' };
  if (answer.written) return undefined;
  return answer.refused === undefined ? { kind: 'failed' } : { kind: 'limit', limit: answer.refused };
}

/** The cluster's copies after the worker's answer to an Apply of `writes`: changed only when they were written. */
export function appliedAfter(applied: Readonly<Record<string, string>>, writes: readonly WorkspaceFile[], answer: ApplyAnswer | undefined): Readonly<Record<string, string>> {
  if (answer?.written !== true) return applied;
  return { ...applied, ...Object.fromEntries(writes.map((w) => [w.path, w.content])) };
}
