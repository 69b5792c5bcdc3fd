// `kubectl describe serviceaccount` (kubectl pkg/describe/describe.go
// ServiceAccountDescriber.Describe and describeServiceAccount, 1.32): its image pull and
// mountable secrets, and the token Secrets bound to it, from a list of the namespace's
// Secrets. A secret it names that the list lacks is `(not found)`; if the Secrets could
// not be listed, nothing is marked and no token is shown.
import type { Event, Secret, ServiceAccount } from '../../../apiserver';
import { describeEvents, printAnnotationsMultiline, printLabelsMultiline } from './common';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

const TOKEN_TYPE = 'kubernetes.io/service-account-token';
const NAME_KEY = 'kubernetes.io/service-account.name';
const UID_KEY = 'kubernetes.io/service-account.uid';

/** The three headers, in the sorted order kubectl prints them; the blank one continues a list. */
const PULL_HEADER = 'Image pull secrets:';
const MOUNT_HEADER = 'Mountable secrets: ';
const TOKEN_HEADER = 'Tokens:            ';
const EMPTY_HEADER = '                   ';

/** `secrets` undefined: the namespace's Secrets could not be listed. */
export function describeServiceAccount(sa: ServiceAccount, secrets: readonly Secret[] | undefined, events: readonly Event[] | undefined, now: number): string {
  const meta = sa.metadata ?? {};
  const tokens: string[] = [];
  const missing = new Set<string>();
  if (secrets) {
    const existing = new Set<string>();
    for (const s of secrets) {
      const annotations = s.metadata?.annotations ?? {};
      if (s.type === TOKEN_TYPE && (annotations[NAME_KEY] ?? '') === (meta.name ?? '') && (annotations[UID_KEY] ?? '') === (meta.uid ?? '')) tokens.push(s.metadata?.name ?? '');
      existing.add(s.metadata?.name ?? '');
    }
    for (const ref of [...(sa.secrets ?? []), ...(sa.imagePullSecrets ?? [])]) {
      const name = typeof ref.name === 'string' ? ref.name : '';
      if (!existing.has(name)) missing.add(name);
    }
  }
  const names = (refs: readonly { name?: unknown }[] | undefined): string[] => (refs ?? []).map((r) => (typeof r.name === 'string' ? r.name : ''));

  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  for (const [header, list] of [
    [PULL_HEADER, names(sa.imagePullSecrets)],
    [MOUNT_HEADER, names(sa.secrets)],
    [TOKEN_HEADER, tokens],
  ] as const) {
    if (list.length === 0) {
      w.write(LEVEL_0, `${header}\t<none>\n`);
      continue;
    }
    list.forEach((name, i) => w.write(LEVEL_0, `${i === 0 ? header : EMPTY_HEADER}\t${name}${missing.has(name) ? ' (not found)' : ''}\n`));
  }
  if (events) describeEvents(w, events, now);
  return w.text();
}
