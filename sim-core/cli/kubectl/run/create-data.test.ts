// kubectl create configmap and create secret generic against the real kubectl 1.32
// (../testdata/real-1.32-create-data/, recorded by ../testdata/capture-create-data.sh with a
// discovery-only stub, so every line is a client dry run or an error kubectl finds itself):
// each recording is replayed through the runner with the folder's files as the workspace
// and CAPTURE_FROM_ENV set on the command line as the script exported it. Then the same
// commands without --dry-run create the objects in a simulated cluster.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { testTerminal } from './testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-create-data');

/**
 * Not replayed: the recordings whose input is not text (the learner's workspace holds text
 * files only, so nothing reaches binaryData), and `create secret tls`, which the simulation
 * refuses (checked below).
 */
const BINARY = new Set(['configmap-from-file-binary', 'configmap-from-file-binary-json', 'configmap-binary-and-literal-dup', 'configmap-append-hash-binary', 'secret-from-file-binary', 'secret-tls-missing']);

/** The regular files under `dir` (no symlinks), relative to `root`. */
function regularFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isDirectory()) out.push(...regularFiles(root, path));
    else if (st.isFile()) out.push(relative(root, path));
  }
  return out.sort();
}

describe('kubectl create configmap|secret generic against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-create-data.sh'), 'utf8');
  const recorded = [...script.matchAll(/^\s*\(?(?:cd \S+ && )?cap (?:\.\.\/)?(\S+) /gm)].map((m) => ({ name: m[1] as string, inConf: m[0].includes('cd conf') }));
  it('has every recording the script makes', () =>
    expect(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.txt'))
        .sort(),
    ).toEqual(recorded.map((r) => `${r.name}.txt`).sort()));
  const files = regularFiles(DIR).filter((f) => !(f.endsWith('.txt') && !f.includes('/')));
  for (const { name, inConf } of recorded.filter((r) => !BINARY.has(r.name))) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const t = testTerminal();
      // the working folder: the recordings' own, or conf/ for `--from-file=.`
      const cwd = inConf ? 'conf/' : '';
      const workspace = files.filter((f) => f.startsWith(cwd)).map((f) => f.slice(cwd.length));
      const out = runCommandLine(`CAPTURE_FROM_ENV=from-the-environment ${captureCommandLine(c.command)}`, undefined, t.ports, {
        readFile: (path) => (workspace.includes(path.replace(/^\.\//, '')) ? readFileSync(join(DIR, cwd, path), 'utf8') : undefined),
        listFiles: () => workspace,
      });
      expect(out).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }

  it('without --dry-run, creates the ConfigMap and the Secret the dry runs showed', () => {
    const t = testTerminal({ files: { 'app.properties': 'a=1\nb=2\n' } });
    expect(t.run('kubectl create configmap cfg --from-file=app.properties --from-literal=mode=dev')).toEqual({ stdout: 'configmap/cfg created\n', stderr: '', exitCode: 0 });
    expect(t.run('kubectl get cm cfg -o jsonpath={.data.mode}').stdout).toBe('dev');
    expect(t.run("kubectl get cm cfg -o 'jsonpath={.data.app\\.properties}'").stdout).toBe('a=1\nb=2\n');
    expect(t.run('kubectl create secret generic db --from-literal=password=s3cret')).toEqual({ stdout: 'secret/db created\n', stderr: '', exitCode: 0 });
    expect(t.run('kubectl get secret db -o jsonpath={.data.password}').stdout).toBe('czNjcmV0');
    expect(t.run('kubectl get secret db -o jsonpath={.type}').stdout).toBe('Opaque');
    // a second create is the server's refusal, with kubectl's prefix
    expect(t.run('kubectl create configmap cfg --from-literal=a=1')).toEqual({ stdout: '', stderr: 'error: failed to create configmap: configmaps "cfg" already exists\n', exitCode: 1 });
  });

  it('refuses create secret tls and docker-registry as not part of the simulation', () => {
    const t = testTerminal();
    expect(t.run('kubectl create secret tls x --cert=a --key=b --dry-run=client')).toEqual({
      stdout: '',
      stderr: 'error: "kubectl create secret tls" is not part of this simulation; write the Secret as a manifest and create it with kubectl apply -f (or kubectl create -f)\n',
      exitCode: 1,
    });
  });
});
