// Decoding writes every resource.Quantity back as Quantity.MarshalJSON does: the canonical
// text, always a string; text already canonical as written; refusals as before.
import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { admitForCreate, parseQuantity } from './index';
import { accepted, refusal } from './decodeTestkit';

const podWith = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec });
const container = (resources: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'c', image: 'nginx', resources, ...extra });

describe('decoding stores quantities in canonical form', () => {
  test.each([
    [0.5, '500m'],
    ['0.5', '500m'],
    ['1024Mi', '1Gi'],
    [2, '2'],
    ['2', '2'],
    ['100m', '100m'],
    ['1000m', '1'],
    ['2000', '2k'],
    ['1e3', '1e3'],
    [1000, '1k'],
    ['128Mi', '128Mi'],
    ['1.5Gi', '1536Mi'],
    ['0', '0'],
    ['0.0001', '100u'],
    // UnmarshalJSON parses strings.TrimSpace of the text
    [' 100m\t', '100m'],
    ['\u00a0 0.5 ', '500m'],
  ])('requests.cpu %j is stored as %j', (written, stored) => {
    const pod = accepted(podWith({ containers: [container({ requests: { cpu: written } })] })) as { spec: { containers: [{ resources: { requests: { cpu: unknown } } }] } };
    expect(pod.spec.containers[0].resources.requests.cpu).toBe(stored);
  });

  it('an object whose quantities are all canonical is the object itself, not a copy', () => {
    const input = podWith({ containers: [container({ requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '1' } })] });
    expect(accepted(input)).toBe(input);
  });

  it('rewrites a copy: the body the server was sent keeps what it said', () => {
    const input = podWith({ containers: [container({ requests: { cpu: 0.5 } })] });
    const pod = accepted(input) as { spec: { containers: [{ resources: { requests: { cpu: unknown } } }] } };
    expect(pod.spec.containers[0].resources.requests.cpu).toBe('500m');
    expect(input.spec.containers).toEqual([container({ requests: { cpu: 0.5 } })]);
  });

  it('every Quantity field of a Pod: containers, init and ephemeral containers, pod resources, overhead, volumes, downward API', () => {
    const pod = accepted(
      podWith({
        containers: [container({ limits: { memory: '1024Mi' } }, { env: [{ name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: 0.001 } } }] })],
        initContainers: [container({ requests: { 'ephemeral-storage': '2048Mi' } }, { name: 'init' })],
        ephemeralContainers: [{ name: 'debug', image: 'busybox', resources: { requests: { cpu: '0.25' } } }],
        resources: { limits: { cpu: 4, memory: '4096Mi' } },
        overhead: { cpu: '0.1' },
        volumes: [
          { name: 'scratch', emptyDir: { sizeLimit: '1024Ki' } },
          { name: 'info', downwardAPI: { items: [{ path: 'mem', resourceFieldRef: { containerName: 'c', resource: 'limits.memory', divisor: '1048576' } }] } },
          {
            name: 'claim',
            ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10240Mi' } } } } },
          },
        ],
      }),
    );
    expect(pod.spec).toMatchObject({
      containers: [{ resources: { limits: { memory: '1Gi' } }, env: [{ valueFrom: { resourceFieldRef: { divisor: '1m' } } }] }],
      initContainers: [{ resources: { requests: { 'ephemeral-storage': '2Gi' } } }],
      ephemeralContainers: [{ resources: { requests: { cpu: '250m' } } }],
      resources: { limits: { cpu: '4', memory: '4Gi' } },
      overhead: { cpu: '100m' },
      volumes: [
        { emptyDir: { sizeLimit: '1Mi' } },
        { downwardAPI: { items: [{ resourceFieldRef: { divisor: '1048576' } }] } },
        { ephemeral: { volumeClaimTemplate: { spec: { resources: { requests: { storage: '10Gi' } } } } } },
      ],
    });
  });

  it('a workload’s pod template, and a Node’s capacity and allocatable', () => {
    const deployment = accepted({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container({ requests: { cpu: 0.5 } })] } } },
    });
    expect(deployment.spec).toMatchObject({ template: { spec: { containers: [{ resources: { requests: { cpu: '500m' } } }] } } });
    const node = accepted({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { capacity: { cpu: 2, memory: '4096Mi', pods: 110 }, allocatable: { cpu: '1.5' } } });
    expect(node.status).toEqual({ capacity: { cpu: '2', memory: '4Gi', pods: '110' }, allocatable: { cpu: '1500m' } });
  });

  // U+FEFF is white space to JavaScript's trim(), not to Go's TrimSpace
  test.each(['0.5 cores', '\ufeff1', ' '])('%j does not parse: refused as before, naming no path', (cpu) => {
    expect(refusal(podWith({ containers: [container({ requests: { cpu } })] }))).toBe(
      `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    );
  });

  it('validation sees the canonical text, as the real one prints Quantity.String()', () => {
    const r = admitForCreate(podWith({ containers: [container({ requests: { cpu: '-0.5' } })] }));
    expect(r.ok ? '' : r.message).toBe('The Pod "p" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "-500m": must be greater than or equal to 0');
  });
});

// Stored text read back and decoded again is the same text and the same value: what a
// GET, a watch or the next update's decode meets is already final. (Within int64 and below
// E: past them the real encoding itself is lossy, `1000E` → "1", which canonicalQuantity
// copies.)
describe('reading back a stored quantity changes nothing (property)', () => {
  const written = fc
    .tuple(
      fc.constantFrom('', '-', '+'),
      fc.stringMatching(/^[0-9]{0,6}$/),
      fc.option(fc.stringMatching(/^[0-9]{0,4}$/), { nil: undefined }),
      fc.constantFrom('', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'Ki', 'Mi', 'Gi', 'Ti', 'e3', 'e-3', 'E6', 'e0', 'e-9'),
    )
    .map(([sign, whole, fraction, suffix]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${suffix}`)
    .filter((text) => parseQuantity(text).ok);

  it('a decoded Pod decodes again to itself, each quantity with the value it was written with', () => {
    fc.assert(
      fc.property(written, (text) => {
        const once = accepted(podWith({ containers: [container({ requests: { cpu: text } })] })) as { spec: { containers: [{ resources: { requests: { cpu: string } } }] } };
        const stored = once.spec.containers[0].resources.requests.cpu;
        expect(accepted(once)).toBe(once);
        const before = parseQuantity(text);
        const after = parseQuantity(stored);
        expect(before.ok && after.ok && after.quantity.milli === before.quantity.milli, `${text} → ${stored}`).toBe(true);
      }),
      { numRuns: 2000, seed: 1032 },
    );
  });
});

