// The cluster view's pure logic: Pod tones, chain layout, the current hop, merging live hops.
import { describe, expect, it } from 'vitest';
import { podTone, TONE_ICON } from './pod-state';
import { actorCentre, CHAIN_SPEEDS, chainActors, chainSpeedOf, currentIndex, hopDelay, HOP_MS } from './chain-actors';
import { mergeHops } from './merge-hops';

describe('podTone', () => {
  it('groups kubectl statuses by what a learner would do about them', () => {
    expect(podTone('Running', 'Running', true)).toBe('running');
    expect(podTone('ContainerCreating', 'Pending', true)).toBe('starting');
    expect(podTone('Pending', 'Pending', false)).toBe('pending');
    expect(podTone('Pending', 'Pending', true)).toBe('starting');
    expect(podTone('CrashLoopBackOff', 'Running', true)).toBe('failing');
    expect(podTone('ImagePullBackOff', 'Pending', true)).toBe('failing');
    expect(podTone('Completed', 'Succeeded', true)).toBe('done');
    expect(podTone('Terminating', 'Running', true)).toBe('terminating');
  });

  it('gives every tone its own icon shape', () => {
    const icons = Object.values(TONE_ICON);
    expect(new Set(icons).size).toBe(icons.length);
  });
});

describe('chainActors', () => {
  const hop = (from: string, to: string) => ({ id: 1, tick: 0, from, to, kind: 'request' as const, label: { ko: '', en: '' }, explanation: { ko: '', en: '' } });
  it('puts clients left of the API server, etcd right of it, node agents last', () => {
    expect(chainActors([hop('kubelet@node-2', 'kube-apiserver'), hop('kube-apiserver', 'etcd-1'), hop('kubectl', 'kube-apiserver'), hop('kube-scheduler', 'kube-apiserver')])).toEqual([
      'kubectl',
      'kube-scheduler',
      'kube-apiserver',
      'etcd-1',
      'kubelet@node-2',
    ]);
  });
  it('puts an HA control plane\'s other instances with their component', () => {
    expect(chainActors([hop('kube-apiserver', 'kube-controller-manager@control-plane-2'), hop('kubectl', 'kube-apiserver'), hop('kube-scheduler@control-plane-3', 'kube-apiserver')])).toEqual([
      'kubectl',
      'kube-controller-manager@control-plane-2',
      'kube-scheduler@control-plane-3',
      'kube-apiserver',
    ]);
  });
  it('centres columns evenly', () => {
    expect(actorCentre(0, 4)).toBe(12.5);
    expect(actorCentre(3, 4)).toBe(87.5);
  });
});

describe('currentIndex', () => {
  const hops = [3, 4, 7].map((id) => ({ id, tick: id, from: 'a', to: 'b', kind: 'request' as const, label: { ko: '', en: '' }, explanation: { ko: '', en: '' } }));
  it('starts at the first hop and follows the chosen one by id', () => {
    expect(currentIndex([], undefined)).toBe(-1);
    expect(currentIndex(hops, undefined)).toBe(0);
    expect(currentIndex(hops, 7)).toBe(2);
  });
  it('moves to the next kept hop when the chosen one fell off the front', () => {
    expect(currentIndex(hops, 1)).toBe(0);
    expect(currentIndex(hops, 5)).toBe(2);
    expect(currentIndex(hops, 99)).toBe(2);
  });
});

describe('mergeHops', () => {
  const hop = (id: number, tick: number) => ({ id, tick, from: 'a', to: 'b', kind: 'request' as const, label: { ko: '', en: '' }, explanation: { ko: '', en: '' } });
  it('adds new hops in causal order and ignores ones already held', () => {
    const merged = mergeHops([hop(1, 10), hop(3, 12)], [hop(3, 12), hop(4, 11), hop(5, 20)]);
    expect(merged.map((h) => h.id)).toEqual([1, 4, 3, 5]);
  });
  it('keeps the newest `limit` hops by when they were recorded', () => {
    const merged = mergeHops([hop(1, 10), hop(2, 11)], [hop(3, 5), hop(4, 30)], 3);
    expect(merged.map((h) => h.id)).toEqual([3, 2, 4]);
  });
});

describe('chain speed', () => {
  it('shortens each hop as the speed rises, 1× being HOP_MS', () => {
    expect(CHAIN_SPEEDS.map(hopDelay)).toEqual([HOP_MS * 2, HOP_MS, HOP_MS / 2, HOP_MS / 4]);
  });
  it('reads a select value back as a speed, and anything else as 1×', () => {
    expect(chainSpeedOf('0.5')).toBe(0.5);
    expect(chainSpeedOf('4')).toBe(4);
    expect(chainSpeedOf('3')).toBe(1);
    expect(chainSpeedOf('')).toBe(1);
  });
});
