// kubectl patch in a simulated cluster (the client-side refusals are replayed against the
// real kubectl's recordings in client-side.test.ts): the three patch types, "(no change)"
// when the answer is the object read before, dry runs that write nothing, --local on a
// file, and the status and scale subresources.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';

function cluster() {
  const sim = createSimulation({ topology: 'default', seed: 5, workers: 1 });
  const ports = sim.ports();
  const files: Record<string, string> = { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n' };
  const run = (line: string) => runCommandLine(line, undefined, ports, { readFile: (p) => files[p], listFiles: () => Object.keys(files) });
  return { sim, run };
}

describe('kubectl patch', () => {
  it('applies strategic, merge and JSON patches, and says when nothing changed', () => {
    const { run } = cluster();
    run('kubectl create -f cm.yaml');
    expect(run(`kubectl patch configmap cfg -p '{"data":{"b":"2"}}'`).stdout).toBe('configmap/cfg patched\n');
    expect(run(`kubectl patch configmap cfg -p '{"data":{"b":"2"}}'`).stdout).toBe('configmap/cfg patched (no change)\n');
    expect(run(`kubectl patch cm/cfg --type=merge -p 'data: {a: null}'`).stdout).toBe('configmap/cfg patched\n');
    expect(run(`kubectl patch cm cfg --type=json -p '[{"op":"add","path":"/data/c","value":"3"}]'`).stdout).toBe('configmap/cfg patched\n');
    expect(run('kubectl get cm cfg -o jsonpath={.data}').stdout).toBe('{"b":"2","c":"3"}');
  });

  it('writes nothing in a dry run, and prints the patched object', () => {
    const { run } = cluster();
    run('kubectl create -f cm.yaml');
    const before = run('kubectl get cm cfg -o jsonpath={.metadata.resourceVersion}').stdout;
    expect(run(`kubectl patch cm cfg -p '{"data":{"a":"9"}}' --dry-run=client -o jsonpath={.data.a}`).stdout).toBe('9');
    expect(run(`kubectl patch cm cfg -p '{"data":{"a":"8"}}' --dry-run=server`).stdout).toBe('configmap/cfg patched\n');
    expect(run('kubectl get cm cfg -o jsonpath={.metadata.resourceVersion}{.data.a}').stdout).toBe(`${before}1`);
  });

  it('patches a file with --local and no server, and refuses what the server refuses', () => {
    const { run } = cluster();
    expect(run(`kubectl patch --local -f cm.yaml -p '{"data":{"a":"2"}}' -o jsonpath={.data.a}`).stdout).toBe('2');
    run('kubectl create -f cm.yaml');
    expect(run(`kubectl patch cm cfg --type=json -p '[{"op":"remove","path":"/data/zzz"}]'`)).toMatchObject({ exitCode: 1 });
    expect(run(`kubectl patch cm cfg -p '{"metadata":{"name":"other"}}'`)).toMatchObject({ exitCode: 1 });
    // a ConfigMap has no scale subresource: the server's 404
    expect(run('kubectl patch cm cfg --subresource=scale -p {}')).toMatchObject({ stderr: 'Error from server (NotFound): the server could not find the requested resource\n', exitCode: 1 });
  });

  it('patches the status subresource, which a plain patch leaves alone', () => {
    const { run } = cluster();
    run('kubectl create deployment web --image=nginx:1.27');
    run('sim settle');
    run(`kubectl patch deployment web -p '{"status":{"observedGeneration":99}}'`);
    expect(run('kubectl get deploy web -o jsonpath={.status.observedGeneration}').stdout).toBe('1');
    expect(run(`kubectl patch deployment web --subresource=status --type=merge -p '{"status":{"observedGeneration":99}}' -o jsonpath={.status.observedGeneration}`).stdout).toBe('99');
  });
});

describe('kubectl patch with hostile text', () => {
  it('refuses patches nested too deep, again and again, and one over the request limit, without hanging', () => {
    const { run } = cluster();
    run('kubectl create -f cm.yaml');
    const json = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    const yaml = `${'a: ['.repeat(1000)}${']'.repeat(1000)}`;
    for (const p of [json, json, yaml, yaml]) {
      const r = run(`kubectl patch cm cfg -p '${p}'`);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/^error: unable to parse "/);
    }
    const files: Record<string, string> = { 'big.json': `[${'1,'.repeat(2_000_000)}1]` };
    const big = runCommandLine('kubectl patch cm cfg --patch-file big.json', undefined, cluster().sim.ports(), { readFile: (p) => files[p] });
    expect(big).toMatchObject({ stderr: 'Error from server (RequestEntityTooLarge): Request entity too large: limit is 3145728\n', exitCode: 1 });
    expect(run('kubectl get cm cfg -o jsonpath={.data.a}').stdout).toBe('1');
  });
});

describe('kubectl patch over several objects', () => {
  it('patches every object it can and reports the others at the end, as its builder continues on error', () => {
    const { run } = cluster();
    expect(run(`kubectl patch nodes nope node-1 -p '{"metadata":{"labels":{"x":"1"}}}'`)).toEqual({
      stdout: 'node/node-1 patched\n',
      stderr: 'Error from server (NotFound): nodes "nope" not found\n',
      exitCode: 1,
    });
    expect(run(`kubectl patch nodes nope gone -p '{}'`)).toEqual({ stdout: '', stderr: 'nodes "nope" not found\nnodes "gone" not found\n', exitCode: 1 });
  });

  it('starts from the object as the file has it with -f (no read), so the comparison is with the file', () => {
    const { run } = cluster();
    run('kubectl create -f cm.yaml');
    run(`kubectl patch cm cfg -p '{"data":{"b":"2"}}'`);
    // the live object has b, the file does not: a merge patch setting b again is a change from the file
    expect(run(`kubectl patch -f cm.yaml --type=merge -p '{"data":{"b":"2"}}'`).stdout).toBe('configmap/cfg patched\n');
    expect(run(`kubectl patch -f cm.yaml --type=merge -p '{"data":{"a":"5"}}' --dry-run=client -o jsonpath={.data}`).stdout).toBe('{"a":"5"}');
  });

  it('refuses a patch that is no JSON object with the client libraries’ words when it applies it itself', () => {
    const { run } = cluster();
    run('kubectl create -f cm.yaml');
    expect(run(`kubectl patch cm cfg -p '[1]' --dry-run=client`)).toMatchObject({ stderr: 'error: invalid JSON document\n', exitCode: 1 });
    expect(run(`kubectl patch cm cfg --type=merge -p '[1]' --dry-run=client`)).toMatchObject({ stderr: 'error: Invalid JSON Patch\n', exitCode: 1 });
    expect(run(`kubectl patch cm cfg --type=json -p '[{"op":"remove","path":"/data/zzz"}]'`)).toMatchObject({
      stderr: 'The request is invalid: the server rejected our request due to an error in our request\n',
      exitCode: 1,
    });
  });
});
