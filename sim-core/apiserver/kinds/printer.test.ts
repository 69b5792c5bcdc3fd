// The -o yaml printer beyond the captured generator cases.
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { admitForCreate, printJson, printYaml } from './index';

describe('printYaml', () => {
  test('a literal block keeps its long lines intact and reads back the same', () => {
    const long = 'x '.repeat(60).trim();
    const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { script: `#!/bin/sh\n${long}\n` } };
    const text = printYaml(obj);
    expect(text).toContain('  script: |\n    #!/bin/sh\n    ' + long + '\n');
    expect(parse(text)).toEqual(obj);
  });

  test('folded plain scalars read back as the same string', () => {
    const description = 'word '.repeat(40).trim();
    const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: { description } } };
    const text = printYaml(obj);
    expect(text.split('\n').some((l) => l.length > 80)).toBe(true);
    expect(text.split('\n').length).toBeGreaterThan(6);
    expect(parse(text)).toEqual(obj);
  });
});

test('a `<<` key is quoted so it is not read back as a merge key', () => {
  const text = printYaml({ apiVersion: 'v1', kind: 'ConfigMap', data: { '<<': '' } });
  expect(text).toContain('"<<": ""');
});

test('-o json of a stored Pod follows Go struct order, maps sorted', () => {
  const r = admitForCreate({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { labels: { z: '1', a: '2' }, namespace: 'default', name: 'p' },
    spec: { schedulerName: 'custom', containers: [{ image: 'nginx', name: 'c' }] },
  });
  if (!r.ok) throw new Error(r.message);
  const printed = JSON.parse(printJson(r.object)) as Record<string, Record<string, unknown>>;
  expect(Object.keys(printed)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
  expect(Object.keys(printed.metadata ?? {})).toEqual(['name', 'namespace', 'labels']);
  expect(Object.keys(printed.metadata?.labels as object)).toEqual(['a', 'z']);
  expect(Object.keys(printed.spec ?? {}).slice(0, 4)).toEqual(['containers', 'restartPolicy', 'terminationGracePeriodSeconds', 'dnsPolicy']);
  const container = (printed.spec?.containers as Record<string, unknown>[])[0] ?? {};
  expect(Object.keys(container)).toEqual([
    'name',
    'image',
    'resources',
    'terminationMessagePath',
    'terminationMessagePolicy',
    'imagePullPolicy',
  ]);
});
