// Strict decoding: what the API server answers (400 BadRequest) before validation runs.
import { describe, expect, test } from 'vitest';
import { admitForCreate, createDeployment, kubectlErrorText } from './index';

function refusal(input: Record<string, unknown>): string {
  const r = admitForCreate(input);
  if (r.ok) throw new Error('expected a refusal');
  return r.message;
}

const pod = (container: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx', ...container }], ...extra },
});

describe('strict field validation', () => {
  test('an unknown field is named with its full path', () => {
    const input = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: { replicaz: 3 },
    };
    expect(refusal(input)).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz"',
    );
  });

  test('several unknown fields, with list indices', () => {
    expect(refusal(pod({ hostPID: true }, { color: 'blue' }))).toBe(
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].hostPID", unknown field "spec.color"',
    );
  });

  test('a value of the wrong type is a JSON decode error naming the Go struct field', () => {
    expect(refusal(pod({ ports: [{ containerPort: '80' }] }))).toBe(
      'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
    );
    expect(refusal({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: 'x' })).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field Deployment.spec of type v1.DeploymentSpec',
    );
  });

  test('a type error wins over unknown fields', () => {
    expect(refusal(pod({ stdin: 'yes', colour: 1 }))).toContain('json: cannot unmarshal string into Go struct field Container');
  });

  test('a quantity that does not parse', () => {
    expect(refusal(pod({ resources: { limits: { cpu: 'abc' } } }))).toBe(
      `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    );
  });

  test('Secret data must be base64', () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, data: { a: 'no t!' } };
    expect(refusal(secret)).toBe('Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 2');
  });

  test('null fields are absent, so kubectl dry-run output can be created as is', () => {
    const generated = createDeployment({ name: 'web', images: ['nginx:1.27'], replicas: 3 });
    if (!generated.ok) throw new Error(generated.error);
    const object = { ...generated.object, metadata: { ...(generated.object.metadata as object), namespace: 'default' } };
    const r = admitForCreate(object);
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.object.metadata as Record<string, unknown>).creationTimestamp).toBeUndefined();
  });

  // encoding/json leaves the zero value where a null cannot be left out: a list item or a map value
  test('a null list item is the zero value of its type, which validation then finds wanting', () => {
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { ports: [null] } };
    expect(refusal(service)).toBe('The Service "web" is invalid: \n* spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive\n* spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive');
    expect(refusal(pod({ ports: [null] }))).toBe('The Pod "p" is invalid: spec.containers[0].ports[0].containerPort: Required value');
    expect(refusal({ ...pod({}), spec: { containers: [null] } })).toBe('The Pod "p" is invalid: \n* spec.containers[0].name: Required value\n* spec.containers[0].image: Required value');
    const r = admitForCreate({ ...pod({ args: [null, 'b'] }), metadata: { name: 'p', namespace: 'default', labels: { tier: null } } });
    if (!r.ok) throw new Error(r.message);
    expect(((r.object.spec as { containers: Array<{ args: unknown }> }).containers[0]!).args).toEqual(['', 'b']);
    expect((r.object.metadata as { labels: unknown }).labels).toEqual({ tier: '' });
  });

  test('kubectl prints a BadRequest with the file, an Invalid without it', () => {
    const bad = admitForCreate({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicaz: 3 } });
    if (bad.ok) throw new Error('expected a refusal');
    expect(kubectlErrorText(bad, 'creating', 'web.yaml', { name: 'web' })).toBe(
      'Error from server (BadRequest): error when creating "web.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz"',
    );
    const invalid = admitForCreate({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default', labels: { a: '-' } } });
    if (invalid.ok) throw new Error('expected a refusal');
    expect(kubectlErrorText(invalid, 'creating', 'c.yaml', { name: 'c' })).toMatch(/^The ConfigMap "c" is invalid: metadata\.labels: Invalid value: "-": /);
    const unknown = admitForCreate({ apiVersion: 'v1', kind: 'Frob', metadata: { name: 'a' } });
    if (unknown.ok) throw new Error('expected a refusal');
    expect(kubectlErrorText(unknown, 'creating', 'frob.yaml', { name: 'a' })).toBe(
      'error: resource mapping not found for name: "a" namespace: "" from "frob.yaml": no matches for kind "Frob" in version "v1"\nensure CRDs are installed first',
    );
  });
});
