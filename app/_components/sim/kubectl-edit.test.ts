// Which terminal lines open kubectl edit's dialog, what its Cancel sends, and which logged
// commands the terminal echoes as a dialog's save rather than as a here-document.
import { describe, expect, it } from 'vitest';
import { cancelInput, heredocOperatorOf, isEditorSave, isKubectlEditLine, opensEditor, reopened, runInOrder, type EditSession } from './kubectl-edit';
import type { ShellCommand } from './shell-input';

describe('kubectl edit in the terminal', () => {
  it('knows a kubectl edit line behind assignments and kubectl’s global flags', () => {
    for (const line of ['kubectl edit deploy/web', 'kubectl  edit deploy web -o json', 'KUBE_EDITOR=nano kubectl edit svc/x', 'kubectl -n prod edit deploy/web', 'kubectl --namespace prod edit deploy/web', 'kubectl --namespace=prod edit cm/a', 'kubectl --as jane edit cm/a', 'kubectl edit']) {
      expect(isKubectlEditLine(line), line).toBe(true);
    }
    for (const line of ['kubectl get deploy edit', 'kubectl -n edit get pods', 'etcdctl edit', 'kubectl', 'kubectl apply -f edit.yaml', "kubectl 'edit", 'sim tick 10']) {
      expect(isKubectlEditLine(line), line).toBe(false);
    }
  });

  it('opens the dialog only for a kubectl edit with no here-document: one is the saved file already', () => {
    expect(opensEditor({ line: 'kubectl edit deploy/web' })).toBe(true);
    expect(opensEditor({ line: 'kubectl edit deploy/web', stdin: 'apiVersion: v1\n' })).toBe(false);
    expect(opensEditor({ line: 'kubectl get pods' })).toBe(false);
  });

  it('runs lines entered together in order until a kubectl edit opens its dialog; the rest wait, and a later edit opens another', () => {
    const cmd = (line: string, stdin?: string, typed = line): ShellCommand => ({ line, typed, ...(stdin !== undefined ? { stdin } : {}) });
    const pasted = [cmd('kubectl get pods'), cmd('kubectl edit deploy/a'), cmd('etcdctl txn', 'get k\n\n\n', 'etcdctl txn <<EOF'), cmd('kubectl edit svc/a', 'spec: {}\n', "kubectl edit svc/a <<'END'"), cmd('kubectl edit svc/a'), cmd('sim status')];
    const steps: string[] = [];
    const run = (c: ShellCommand) => steps.push(`run ${c.line}${heredocOperatorOf(c) !== undefined ? ` ${heredocOperatorOf(c)}` : ''}`);
    let waiting: readonly ShellCommand[] = [];
    const open = (c: ShellCommand, after: readonly ShellCommand[]) => {
      steps.push(`open ${c.line}`);
      waiting = after;
    };
    expect(runInOrder(pasted, run, open)).toBe(true);
    expect(steps).toEqual(['run kubectl get pods', 'open kubectl edit deploy/a']);
    // the dialog closed: the lines after it, as the terminal runs them
    expect(runInOrder(waiting, run, open)).toBe(true);
    // (a here-document is the saved file already: run, with its operator)
    expect(steps.slice(2)).toEqual(['run etcdctl txn <<EOF', "run kubectl edit svc/a <<'END'", 'open kubectl edit svc/a']);
    expect(runInOrder(waiting, run, open)).toBe(false);
    expect(steps.at(-1)).toBe('run sim status');
  });

  it('echoes a save (standard input, no here-document operator) as the line alone', () => {
    expect(isEditorSave('kubectl edit deploy/web', 'apiVersion: apps/v1\n', undefined)).toBe(true);
    expect(isEditorSave('kubectl edit deploy/web', 'apiVersion: apps/v1\n', "<<'END'")).toBe(false);
    expect(isEditorSave('kubectl edit deploy/web', undefined, undefined)).toBe(false);
    expect(isEditorSave('kubectl apply -f -', 'x', undefined)).toBe(false);
  });

  it('cancels with the file as opened, and once a save was refused with no file at all', () => {
    const session: EditSession = { line: 'kubectl edit deploy/web', title: 'deployment.apps/web', more: 0, language: 'yaml', buffer: 'opened', opened: 'opened', resume: false, after: [] };
    expect(cancelInput(session)).toBe('opened');
    const again = reopened(session, { buffer: '# reasons\nsaved', language: 'yaml' }, 'error: deployments.apps "web" is invalid\n');
    expect(again).toMatchObject({ buffer: '# reasons\nsaved', opened: 'opened', refusal: 'error: deployments.apps "web" is invalid\n' });
    expect(cancelInput(again)).toBeUndefined();
  });
});
