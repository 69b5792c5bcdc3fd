// The memo's claim must equal a fresh claim (controllerRef.ts's claim, then the status
// counts) of the same Pods on every sync, whatever changed in between: Pods replaced by
// new versions, added, removed, and the owner's selector, uid or deletion changed.
import { describe, expect, it } from 'vitest';
import type { LabelSelector, Pod } from '../apiserver';
import { deepFreeze, freezeCached, setCacheMutationDetector } from '../client';
import { Prng } from '../kernel';
import { ClaimMemo, type ClaimOwner } from './claimMemo';
import { claim } from './controllerRef';
import { labelMatcher } from './labelMatcher';
import { podFacts } from './podFacts';
import { isPodActive, isPodReady } from './podState';

interface Owner {
  uid: string | undefined;
  deleting: boolean;
  namespace: string;
  selector: LabelSelector;
  template: Record<string, string>;
}

const OWNER_UIDS = ['uid-rs', 'uid-other'];

function randomPod(prng: Prng, name: string): Pod {
  const controller = prng.int(0, 2);
  const labels: Record<string, string> = {};
  if (prng.chance(0.85)) labels.app = prng.chance(0.9) ? 'web' : 'db';
  if (prng.chance(0.7)) labels['pod-template-hash'] = prng.chance(0.8) ? 'abc' : 'def';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: prng.chance(0.95) ? 'default' : 'other',
      labels,
      ...(prng.chance(0.1) ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
      ...(controller < 2 ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: OWNER_UIDS[controller] as string, controller: true }] } : {}),
    },
    status: {
      phase: prng.pick(['Pending', 'Running', 'Running', 'Succeeded', 'Failed']),
      conditions: prng.chance(0.8) ? [{ type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: prng.chance(0.6) ? 'True' : 'False' }] : [],
    },
  };
}

function fresh(owner: Owner, pods: readonly Pod[]) {
  const ownerObj = { metadata: { uid: owner.uid, ...(owner.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) } };
  const candidates = pods.filter((p) => (p.metadata?.namespace ?? '') === owner.namespace && isPodActive(p));
  const c = claim(ownerObj, owner.selector, candidates);
  const names = (ps: readonly Pod[]) => ps.map((p) => p.metadata?.name);
  return {
    owned: names(c.owned),
    adopt: names(c.adopt),
    release: names(c.release),
    fullyLabeled: c.owned.filter((p) => Object.entries(owner.template).every(([k, v]) => p.metadata?.labels?.[k] === v)).length,
    ready: c.owned.filter(isPodReady).length,
  };
}

function memoized(memo: ClaimMemo, owner: Owner, pods: readonly Pod[]) {
  const o: ClaimOwner = {
    uid: owner.uid,
    deleting: owner.deleting,
    namespace: owner.namespace,
    selector: labelMatcher(owner.selector),
    templateLabels: labelMatcher({ matchLabels: owner.template }),
  };
  const c = memo.claim('default/rs', o, pods);
  const names = (ps: readonly Pod[]) => ps.map((p) => p.metadata?.name);
  return { owned: names(c.owned), adopt: names(c.adopt), release: names(c.release), fullyLabeled: c.fullyLabeled, ready: c.ready };
}

describe('ClaimMemo', () => {
  for (const frozen of [true, false]) {
    it(`claims as a fresh claim would, sync after sync, as Pods and the owner change (${frozen ? 'frozen cache objects' : 'objects not frozen'})`, () => {
      const prng = new Prng(frozen ? 3 : 4);
      const memo = new ClaimMemo();
      const version = (name: string) => (frozen ? deepFreeze(randomPod(prng, name)) : randomPod(prng, name));
      let pods: Pod[] = [];
      for (let i = 0; i < 40; i++) pods.push(version(`pod-${String(i).padStart(3, '0')}`));
      const owner: Owner = { uid: 'uid-rs', deleting: false, namespace: 'default', selector: { matchLabels: { app: 'web' } }, template: { app: 'web', 'pod-template-hash': 'abc' } };
      const seen = { owned: 0, adopt: 0, release: 0, reused: 0 };
      for (let sync = 0; sync < 400; sync++) {
        // what happens between two syncs: most often a few Pods get a new version
        const r = prng.int(0, 19);
        if (r === 0) pods.splice(prng.int(0, pods.length - 1), 1);
        else if (r === 1) {
          const name = `pod-${String(prng.int(0, 999)).padStart(3, '0')}`;
          if (!pods.some((p) => p.metadata?.name === name)) pods = [...pods, version(name)].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
        } else if (r === 2) owner.selector = prng.chance(0.5) ? { matchLabels: { app: 'web' } } : { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'db'] }] };
        else if (r === 3) owner.template = prng.chance(0.5) ? { app: 'web', 'pod-template-hash': 'abc' } : { app: 'web' };
        else if (r === 4) owner.deleting = prng.chance(0.2);
        else if (r === 5) owner.uid = prng.chance(0.9) ? 'uid-rs' : 'uid-other';
        for (let n = prng.int(0, 3); n > 0; n--) {
          const i = prng.int(0, pods.length - 1);
          pods[i] = version(pods[i]?.metadata?.name ?? '');
        }
        const want = fresh(owner, pods);
        expect(memoized(memo, owner, [...pods]), `sync ${sync}`).toEqual(want);
        seen.owned += want.owned.length;
        seen.adopt += want.adopt.length;
        seen.release += want.release.length;
      }
      // every verdict occurred, so each was compared
      expect(seen.owned).toBeGreaterThan(1000);
      expect(seen.adopt).toBeGreaterThan(50);
      expect(seen.release).toBeGreaterThan(50);
    });
  }

  it('keeps the facts of a cached Pod (frozen, or kept unfrozen with the mutation detector off), and reads any other Pod afresh', () => {
    const frozen = deepFreeze(randomPod(new Prng(1), 'a'));
    expect(podFacts(frozen)).toBe(podFacts(frozen));
    setCacheMutationDetector(false);
    try {
      const kept = freezeCached(randomPod(new Prng(2), 'c'));
      expect(Object.isFrozen(kept)).toBe(false);
      expect(podFacts(kept)).toBe(podFacts(kept));
    } finally {
      setCacheMutationDetector(true);
    }
    const open = randomPod(new Prng(1), 'b');
    open.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] };
    expect(podFacts(open).ready?.status).toBe('False');
    open.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    expect(podFacts(open).ready?.status).toBe('True');
  });
});
