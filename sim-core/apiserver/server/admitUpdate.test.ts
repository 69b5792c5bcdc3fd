// An update's admission without storage gives what PATCH answers: the same refusals, in
// the same words, for the same objects the live API server stores.
import { describe, expect, it } from 'vitest';
import { deepCopy, type KubeObject } from '../../client';
import { formatFieldError, kindFor } from '../kinds';
import { Prng } from '../../kernel';
import { admitUpdate } from './admitUpdate';
import { nodePortPoolOf } from './serviceUpdate';
import { deployment, must, testCluster, TIMEOUT } from './testCluster';

const deployments = kindFor('apps/v1', 'Deployment')!;
const services = kindFor('v1', 'Service')!;

function stored(sim: ReturnType<typeof testCluster>, resource: string, body: KubeObject): KubeObject {
  return must(sim, { verb: 'create', resource, namespace: 'default', body });
}

describe('admitUpdate', () => {
  it("refuses a Deployment's changed selector as PATCH does, and admits a changed image", () => {
    const sim = testCluster();
    const live = stored(sim, 'deployments', deployment('web'));
    const moved = deepCopy(live);
    (moved.spec as { selector: unknown }).selector = { matchLabels: { app: 'api' } };
    (moved.spec as { template: { metadata: { labels: unknown } } }).template.metadata.labels = { app: 'api' };
    const refused = admitUpdate(deployments, live, deepCopy(moved), undefined);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors.map(formatFieldError)).toEqual(['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"api"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable']);
    // the server's answer to the same change, word for word
    const patched = sim.kubectl.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: moved }, TIMEOUT);
    expect(patched.ok ? undefined : patched.error.message).toBe(refused.error.message);

    const image = deepCopy(live);
    (image.spec as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0]!.image = 'nginx:1.28';
    expect(admitUpdate(deployments, live, image, undefined)).toMatchObject({ ok: true });
  });

  it("refuses a Service's changed clusterIP without allocating anything, and keeps the stored one when the update leaves it out", () => {
    const sim = testCluster();
    const live = stored(sim, 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
    const moved = deepCopy(live);
    (moved.spec as { clusterIP: string }).clusterIP = '10.96.0.99';
    const refused = admitUpdate(services, live, moved, undefined);
    expect(refused.ok ? [] : refused.errors.map(formatFieldError)).toEqual(['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set']);
    const left = deepCopy(live);
    delete (left.spec as { clusterIP?: string }).clusterIP;
    delete (left.spec as { clusterIPs?: string[] }).clusterIPs;
    expect(admitUpdate(services, live, left, undefined)).toMatchObject({ ok: true });
  });

  it("gives a node port allocator's 422 with its field error, and its 500 with none, in the words PUT answers", () => {
    const sim = testCluster();
    const taken = stored(sim, 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'a' }, spec: { type: 'NodePort', selector: { app: 'a' }, ports: [{ port: 80, nodePort: 30080 }] } });
    const live = stored(sim, 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
    const pool = nodePortPoolOf(new Prng(1), [taken]);
    const asks = (ports: { name?: string; port: number; nodePort: number }[]) => {
      const next = deepCopy(live);
      Object.assign(next.spec as object, { type: 'NodePort', ports });
      return next;
    };
    const refused = admitUpdate(services, live, asks([{ port: 80, nodePort: 30080 }]), pool);
    expect(refused.ok ? [] : refused.errors.map(formatFieldError)).toEqual(['spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated']);
    const put = sim.kubectl.request({ verb: 'update', resource: 'services', namespace: 'default', name: 'web', body: asks([{ port: 80, nodePort: 30080 }]) }, TIMEOUT);
    expect(put.ok ? undefined : put.error.message).toBe(refused.ok ? '' : refused.error.message);
    // the same port twice is a plain error, a 500 with no field errors
    const twice = admitUpdate(services, live, asks([{ name: 'a', port: 80, nodePort: 30090 }, { name: 'b', port: 81, nodePort: 30090 }]), nodePortPoolOf(new Prng(1), [taken]));
    expect(twice).toMatchObject({ ok: false, errors: [], error: { code: 500, message: 'duplicate nodePort: {TCP 30090}' } });
    // without a pool nothing is allocated, so nothing of the allocator's is refused
    expect(admitUpdate(services, live, asks([{ port: 80, nodePort: 30080 }]), undefined)).toMatchObject({ ok: true });
  });

  it("gives the create validation's field errors too, and no field errors for a refusal that has none", () => {
    const sim = testCluster();
    const live = stored(sim, 'deployments', deployment('web'));
    const negative = deepCopy(live);
    (negative.spec as { replicas: number }).replicas = -1;
    const r = admitUpdate(deployments, live, negative, undefined);
    expect(r.ok ? [] : r.errors.map(formatFieldError)).toEqual(['spec.replicas: Invalid value: -1: must be greater than or equal to 0']);
    const strange = { ...deepCopy(live), spec: { replicas: 'three' } } as KubeObject;
    expect(admitUpdate(deployments, live, strange, undefined)).toMatchObject({ ok: false, errors: [], error: { code: 400 } });
  });

  it("lists the kind's validation and the immutable selector together, as the strategy's ValidateUpdate does, on PATCH and PUT alike", () => {
    const sim = testCluster();
    const live = stored(sim, 'deployments', deployment('web'));
    // matchLabels alone changed: the template's labels no longer match, and the selector is immutable
    const moved = deepCopy(live);
    (moved.spec as { selector: unknown }).selector = { matchLabels: { app: 'api' } };
    const both = [
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`',
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"api"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ];
    const refused = admitUpdate(deployments, live, deepCopy(moved), undefined);
    expect(refused.ok ? [] : refused.errors.map(formatFieldError)).toEqual(both);
    const message = refused.ok ? '' : refused.error.message;
    expect(message).toBe(`Deployment.apps "web" is invalid: [${both.join(', ')}]`);
    const put = sim.kubectl.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: moved }, TIMEOUT);
    expect(put.ok ? '' : put.error.message).toBe(message);
    const patch = sim.kubectl.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', patchType: 'application/merge-patch+json', patch: { spec: { selector: { matchLabels: { app: 'api' } } } } }, TIMEOUT);
    expect(patch.ok ? '' : patch.error.message).toBe(message);
  });

  it('answers a PUT of an object that does not exist NotFound before validating it, as the store reads first', () => {
    const sim = testCluster();
    const invalid = deployment('ghost');
    (invalid.spec as { replicas: number }).replicas = -1;
    const put = sim.kubectl.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'ghost', body: invalid }, TIMEOUT);
    expect(put.ok ? undefined : [put.error.code, put.error.message]).toEqual([404, 'deployments.apps "ghost" not found']);
  });
});
