// How a Pod's kubectl STATUS is drawn: an icon and a tone next to the text itself, so the
// state never rests on colour alone (WCAG 1.4.1). The groups follow what a learner acts
// on: running, still starting, waiting for a node, failing, finished, going away.
export type PodTone = 'running' | 'starting' | 'pending' | 'failing' | 'done' | 'terminating' | 'unknown';

const FAILING = new Set(['CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'Error', 'Failed', 'OOMKilled', 'CreateContainerError', 'InvalidImageName', 'Evicted', 'NodeLost']);
const STARTING = new Set(['ContainerCreating', 'PodInitializing']);
const DONE = new Set(['Completed', 'Succeeded']);

export function podTone(status: string, phase: string, scheduled: boolean): PodTone {
  if (status === 'Terminating') return 'terminating';
  if (FAILING.has(status) || status.startsWith('Init:Error') || status.startsWith('Init:CrashLoopBackOff')) return 'failing';
  if (status === 'Running') return 'running';
  if (DONE.has(status)) return 'done';
  if (STARTING.has(status) || status.startsWith('Init:')) return 'starting';
  if (status === 'Pending' || phase === 'Pending') return scheduled ? 'starting' : 'pending';
  if (status === 'Unknown' || phase === 'Unknown') return 'unknown';
  return phase === 'Running' ? 'running' : 'unknown';
}

/** Shapes differ by tone, so the icon alone also tells the states apart. */
export const TONE_ICON: Readonly<Record<PodTone, string>> = {
  running: '●',
  starting: '◔',
  pending: '…',
  failing: '✕',
  done: '✓',
  terminating: '⊘',
  unknown: '?',
};
