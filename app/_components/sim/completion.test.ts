import { describe, expect, it } from 'vitest';
import { completeLine } from './completion';

const members = ['etcd-1', 'etcd-2', 'etcd-3'];

describe('completeLine', () => {
  it('completes programs and commands with a trailing space', () => {
    expect(completeLine('etc', members)).toEqual({ line: 'etcdctl ', candidates: [] });
    expect(completeLine('etcdctl pu', members)).toEqual({ line: 'etcdctl put ', candidates: [] });
    expect(completeLine('sim ki', members)).toEqual({ line: 'sim kill ', candidates: [] });
    expect(completeLine('etcdctl lease g', members)).toEqual({ line: 'etcdctl lease grant ', candidates: [] });
  });

  it('offers the candidates when several words fit, extending their common prefix', () => {
    expect(completeLine('sim ', members)).toEqual({ line: 'sim ', candidates: ['curl', 'events', 'heal', 'kill', 'partition', 'restart', 'settle', 'status', 'tick', 'trace'] });
    expect(completeLine('sim re', members)).toEqual({ line: 'sim restart ', candidates: [] });
    expect(completeLine('etcdctl --p', members)).toEqual({ line: 'etcdctl --pr', candidates: ['--prefix', '--prev-kv', '--print-value-only'] });
    expect(completeLine('sim kill etcd', members)).toEqual({ line: 'sim kill etcd-', candidates: members });
  });

  it('completes member names where a command takes one, and flag values without a space', () => {
    expect(completeLine('sim kill etcd-2', members)).toEqual({ line: 'sim kill etcd-2 ', candidates: [] });
    expect(completeLine('etcdctl --endpoints=etcd-3', members)).toEqual({ line: 'etcdctl --endpoints=etcd-3 ', candidates: [] });
    expect(completeLine('etcdctl --rev', members)).toEqual({ line: 'etcdctl --rev=', candidates: [] });
  });

  it('leaves keys and values alone', () => {
    expect(completeLine('etcdctl put gre', members)).toEqual({ line: 'etcdctl put gre', candidates: [] });
  });

  it('completes kubectl commands, resources and workspace files after -f', () => {
    expect(completeLine('kubectl g', members)).toEqual({ line: 'kubectl get ', candidates: [] });
    expect(completeLine('kubectl get dep', members)).toEqual({ line: 'kubectl get deployments ', candidates: [] });
    expect(completeLine('kubectl get re', members)).toEqual({ line: 'kubectl get replicasets ', candidates: [] });
    expect(completeLine('kubectl apply -f dep', members, ['deployment.yaml', 'service.yaml'])).toEqual({ line: 'kubectl apply -f deployment.yaml ', candidates: [] });
    expect(completeLine('kubectl apply -f ', members, ['deployment.yaml', 'service.yaml'])).toEqual({
      line: 'kubectl apply -f ',
      candidates: ['deployment.yaml', 'service.yaml'],
    });
    expect(completeLine('kubectl rollout s', members)).toEqual({ line: 'kubectl rollout status ', candidates: [] });
    expect(completeLine('kubectl he', members)).toEqual({ line: 'kubectl help ', candidates: [] });
    expect(completeLine('kubectl help ro', members)).toEqual({ line: 'kubectl help rollout ', candidates: [] });
    expect(completeLine('kubectl ed', members)).toEqual({ line: 'kubectl edit ', candidates: [] });
    expect(completeLine('kubectl ru', members)).toEqual({ line: 'kubectl run ', candidates: [] });
    expect(completeLine('kubectl create n', members)).toEqual({ line: 'kubectl create namespace ', candidates: [] });
    expect(completeLine('kubectl rep', members)).toEqual({ line: 'kubectl replace ', candidates: [] });
    expect(completeLine('kubectl create s', members)).toEqual({ line: 'kubectl create se', candidates: ['secret', 'service', 'serviceaccount'] });
    expect(completeLine('kubectl set e', members)).toEqual({ line: 'kubectl set env ', candidates: [] });
    expect(completeLine('kubectl get --ra', members)).toEqual({ line: 'kubectl get --raw=', candidates: [] });
    expect(completeLine('kubectl r', members)).toEqual({ line: 'kubectl r', candidates: ['replace', 'rollout', 'run'] });
  });
});
