// `kubectl create deployment … --dry-run=client -o yaml|json`, compared byte for byte with
// captures from the real kubectl 1.32 (testdata/create-deployment/README.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { containerNameForImage, createDeployment, printJson, printYaml, type CreateDeploymentOptions } from './index';

const dir = path.join(import.meta.dirname, 'testdata', 'create-deployment');
const capture = (file: string) => readFileSync(path.join(dir, file), 'utf8');

const cases: [string, CreateDeploymentOptions][] = [
  ['web-nginx-1.27-replicas-3-port-80', { name: 'web', images: ['nginx:1.27'], replicas: 3, port: 80 }],
  ['web-nginx', { name: 'web', images: ['nginx'] }],
  ['my-app-two-images-ns-prod', { name: 'my-app', images: ['nginx', 'redis:7'], namespace: 'prod' }],
  ['web-busybox-command', { name: 'web', images: ['busybox:1.36'], command: ['sleep', '3600'] }],
  ['web-registry-path', { name: 'web', images: ['registry.k8s.io/pause:3.9'], port: 8080 }],
  [
    'web-digest',
    {
      name: 'api',
      images: ['nginx@sha256:abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789'],
      replicas: 0,
    },
  ],
];

describe('kubectl create deployment --dry-run=client', () => {
  test.each(cases)('%s -o yaml', (file, options) => {
    const r = createDeployment(options);
    if (!r.ok) throw new Error(r.error);
    expect(printYaml(r.object)).toBe(capture(`${file}.yaml`));
  });

  test('-o json prints Go struct order with four-space indent', () => {
    const r = createDeployment({ name: 'web', images: ['nginx:1.27'], replicas: 3, port: 80 });
    if (!r.ok) throw new Error(r.error);
    expect(printJson(r.object)).toBe(capture('web-nginx-1.27-replicas-3-port-80.json'));
  });

  test('-o json with a namespace and the port on the first container only', () => {
    const r = createDeployment({ name: 'my-app', images: ['nginx', 'redis:7'], namespace: 'prod', port: 8080 });
    if (!r.ok) throw new Error(r.error);
    expect(printJson(r.object)).toBe(capture('my-app-two-images-ns-prod.json'));
  });

  test('-o json with a command', () => {
    const r = createDeployment({ name: 'web', images: ['busybox:1.36'], command: ['sleep', '3600'] });
    if (!r.ok) throw new Error(r.error);
    expect(printJson(r.object)).toBe(capture('web-busybox-command.json'));
  });

  test('yaml quotes what YAML 1.1 would misread and folds long strings at 80 columns', () => {
    const command = [
      'sh',
      '-c',
      'echo "yes" && sleep 10',
      'yes',
      'on',
      '1e3',
      'null',
      '',
      'a: b',
      '~',
      '0777',
      'long string with spaces that goes on and on beyond the eighty column limit of go-yaml v2 emitter for sure',
    ];
    const r = createDeployment({ name: 'web', images: ['busybox'], command });
    if (!r.ok) throw new Error(r.error);
    expect(printYaml(r.object)).toBe(capture('web-command-quoting.yaml'));
  });

  test('json escapes <, > and & as encoding/json does', () => {
    const r = createDeployment({ name: 'web', images: ['busybox'], command: ['sh', '-c', 'echo "<b>" & x'] });
    if (!r.ok) throw new Error(r.error);
    expect(printJson(r.object)).toBe(capture('web-command-quoting.json'));
  });

  test('several images with a command is refused as kubectl refuses it', () => {
    expect(createDeployment({ name: 'web', images: ['a', 'b'], command: ['sleep', '1'] })).toEqual({
      ok: false,
      error: 'error: cannot specify multiple --image options and command',
    });
  });

  test('container names: last path segment, no tag or digest, `_` and `.` sanitized with a random suffix', () => {
    const suffix = () => 'w7fpd';
    expect(containerNameForImage('localhost:5000/Foo_Bar.x:1', suffix)).toBe('Foo-Bar-x-w7fpd');
    expect(containerNameForImage('registry.k8s.io/pause:3.9', suffix)).toBe('pause');
    expect(containerNameForImage('nginx@sha256:abc', suffix)).toBe('nginx');
  });
});
