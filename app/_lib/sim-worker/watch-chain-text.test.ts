import { describe, expect, it } from 'vitest';
import { explainHop } from './watch-chain-text';

describe('explainHop', () => {
  it('explains an HA control plane\'s other instances as their component', () => {
    expect(explainHop('watch-event', 'kube-apiserver', 'kube-controller-manager@control-plane-2')).toEqual(explainHop('watch-event', 'kube-apiserver', 'kube-controller-manager'));
    expect(explainHop('watch-event', 'kube-apiserver', 'kube-scheduler@control-plane-3')).toEqual(explainHop('watch-event', 'kube-apiserver', 'kube-scheduler'));
    expect(explainHop('request', 'kube-controller-manager@control-plane-3', 'kube-apiserver')).toEqual(explainHop('request', 'kube-controller-manager', 'kube-apiserver'));
    expect(explainHop('request', 'kube-controller-manager', 'kube-apiserver')).not.toEqual(explainHop('request', 'kubelet@node-1', 'kube-apiserver'));
    expect(explainHop('watch-event', 'kube-apiserver', 'kube-controller-managerx')).not.toEqual(explainHop('watch-event', 'kube-apiserver', 'kube-controller-manager'));
  });
});
