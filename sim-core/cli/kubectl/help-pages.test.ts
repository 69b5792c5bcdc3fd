import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpPage } from './help-pages';
import { parseKubectl } from './parse';
import { parseCapture } from '../testkit/captures';

const real = (name: string): string => parseCapture(readFileSync(join(__dirname, 'testdata', 'real-1.32', `${name}.txt`), 'utf8')).stdout;

describe('help pages', () => {
  it.each([
    [['--help'], 'help-root'],
    [['get', '--help'], 'help-get'],
    [['describe', '-h'], 'help-describe'],
    [['rollout', 'status', '--help'], 'help-rollout-status'],
    [['create', 'deployment', '-h'], 'help-create-deployment'],
    [['expose', '-h'], 'help-expose'],
    [['run', '-h'], 'help-run'],
    [['create', 'namespace', '--help'], 'help-create-namespace'],
    [['version', '-h'], 'help-version'],
    [['taint', '-h'], 'help-taint'],
    [['patch', '-h'], 'help-patch'],
    [['api-resources', '-h'], 'help-api-resources'],
    [['wait', '-h'], 'help-wait'],
    [['config', '-h'], 'help-config'],
    [['config', 'use-context', '-h'], 'help-config-use-context'],
    [['rollout'], 'rollout-alone'],
  ])('kubectl %j prints the real page', (argv, capture) => {
    const r = parseKubectl(argv);
    if (!r.ok || !('help' in r)) throw new Error('expected a help request');
    expect(helpPage(r.help)).toBe(real(capture));
  });
});

describe('every recorded help page', () => {
  // testdata/real-1.32/help-*.txt: each recorded `kubectl … -h` has its page, the same text
  const files = readdirSync(join(__dirname, 'testdata', 'real-1.32')).filter((f) => f.startsWith('help-') && f.endsWith('.txt'));
  it('has the recordings', () => expect(files.length).toBeGreaterThanOrEqual(45));
  it.each(files)('%s', (file) => {
    const c = parseCapture(readFileSync(join(__dirname, 'testdata', 'real-1.32', file), 'utf8'));
    const r = parseKubectl(c.command.replace(/^kubectl /, '').split(' '));
    if (!r.ok || !('help' in r)) throw new Error('expected a help request');
    expect(helpPage(r.help)).toBe(c.stdout);
  });
});

describe('create service help pages', () => {
  // each recording ends with the stub's request log, after `--- requests`
  const recorded = (name: string): string => parseCapture(readFileSync(join(__dirname, 'testdata', 'real-1.32-create-service', `${name}.txt`), 'utf8').split('--- requests\n')[0]!).stdout;
  it.each([
    [['create', 'service', '-h'], 'service-help'],
    [['create', 'svc', 'clusterip', '-h'], 'clusterip-help'],
    [['create', 'service', 'nodeport', '--help'], 'nodeport-help'],
    [['create', 'service', 'loadbalancer', '-h'], 'loadbalancer-help'],
    [['create', 'service', 'externalname', '-h'], 'externalname-help'],
  ])('kubectl %j prints the real page', (argv, capture) => {
    const r = parseKubectl(argv);
    if (!r.ok || !('help' in r)) throw new Error('expected a help request');
    expect(helpPage(r.help)).toBe(recorded(capture));
  });
});
