// kubectl edit against the real kubectl 1.32 (../testdata/real-1.32-edit/, recorded by
// ../testdata/capture-edit.sh against label-stub.mjs, EDITOR being edit-editor.sh):
// - the file kubectl opened, byte for byte: each recorded file read back and written again
//   by the simulation's printer (header, YAML or JSON, a List, CRLF line ends);
// - each recording replayed in a simulated cluster holding the stub's objects, the same
//   editor script changing the file the page would open (editorOpenFor) and each file
//   reopened after it: what kubectl printed, the patches it sent, and the reasons each
//   reopened file's header gave. One command is one save here, each pass after a reopen
//   handed the file reopened (TerminalPorts.reopened), as the Simulation hands it to the
//   command that comes straight after: an unchanged reopened file ends the edit as kubectl
//   ended it ("Edit cancelled, no valid changes were saved.").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRequest } from '../../../apiserver/server';
import { parseDocuments } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { editorOpenFor, runCommandLine, type TerminalPorts } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { EDIT_HEADER, editorFile, reopenedReasons } from '../edit-file';
import { decodeEdited, goSyntaxUnstructured } from '../edit-saved';
import { recordingPort, requestLine, scenario } from './replay-testkit';

const TESTDATA = join(__dirname, '..', 'testdata');
const DIR = join(TESTDATA, 'real-1.32-edit');
const EDITOR = join(TESTDATA, 'edit-editor.sh');
const script = readFileSync(join(TESTDATA, 'capture-edit.sh'), 'utf8');
const scenarioJson = readFileSync(join(TESTDATA, 'real-1.32-requests', 'scenario.json'), 'utf8');
const recordings = [...script.matchAll(/^cape (\S+) ('[^']*'|\S+) /gm)].map((m) => ({ name: m[1]!, modes: m[2]!.replace(/'/g, '').split(' ') }));

interface Recorded {
  command: string;
  stdout: string;
  stderr: string;
  exit: number;
  patches: string[];
  /** each file the editor was given, in order */
  files: string[];
}

function recorded(name: string): Recorded {
  const text = readFileSync(join(DIR, `${name}.txt`), 'utf8');
  const [capture, rest = ''] = text.split('--- requests\n');
  const c = parseCapture(capture!);
  const [requests, ...files] = rest.split(/^--- editor \d+ kubectl-edit-N\.(?:yaml|json)\n/m);
  const patches = requests!.split('\n').filter((l) => l.startsWith('PATCH '));
  return { command: c.command, stdout: c.stdout, stderr: c.stderr, exit: c.exit, patches, files };
}

/** A recorded or sent PATCH as `PATH [TYPE] BODY`: the query (field manager, validation) left out. */
const patchLine = (line: string): string => line.replace(/^PATCH ([^?\s]+)\S* /, '$1 ');

/**
 * What differs between the stub's objects and the simulated cluster's, and between two runs:
 * the temporary file's digits, a YAML error's line (the simulated Deployment has more fields),
 * and the whole object where a message or patch carries it (checked exactly below, on the
 * stub's own object).
 */
function normalize(text: string, local: (t: string) => string): string {
  return local(text)
    .replace(/\/tmp\/kubectl-edit-\d+\.(yaml|json)/g, '/tmp/kubectl-edit-N.$1')
    .replace(/yaml: line \d+:/g, 'yaml: line L:')
    .replace(/(Object 'Kind' is missing in ').*'$/gm, "$1…'")
    .replace(/(no original object found for &unstructured\.Unstructured)\{.*\}$/gm, '$1{…}')
    .replace(/("kubectl\.kubernetes\.io\/last-applied-configuration":)"(?:[^"\\]|\\.)*"/g, '$1"…"');
}

/** The objects a recorded file holds, as the printer was given them. */
function objectsOf(file: string, json: boolean): KubeObject[] {
  const text = file.replace(/\r\n/g, '\n');
  const parsed = parseDocuments(json ? text : text.slice(EDIT_HEADER.length));
  if (!parsed.ok) throw new Error('a recorded file that does not parse');
  const doc = parsed.values[0] as KubeObject & { items?: KubeObject[] };
  return doc.kind === 'List' ? (doc.items ?? []) : [doc];
}

/** The editor script on `text`, as the Nth time it opens (it counts its runs in `log`.count). */
function edit(text: string, modes: string[], log: string): string {
  const file = `${log}.file`;
  writeFileSync(file, text);
  execFileSync('bash', [EDITOR, file], { env: { ...process.env, EDIT_LOG: log, EDIT_MODE: modes.join(' ') } });
  return readFileSync(file, 'utf8');
}

/**
 * The recordings the stub could not make as a real cluster would: it serves no OpenAPI v2,
 * so kubectl's own validation of a List, of a Scale and of a kind the server does not serve
 * failed where a real server's schema would have let it pass; and no status subresource.
 */
const STUB_ONLY = new Set(['two', 'two-one-changed', 'all-deployments', 'subresource-scale', 'api-version', 'status-subresource']);
/** The editor failing to start: the browser's dialog always opens. */
const NO_EDITOR = new Set(['editor-fails']);
/**
 * Known differences, each checked as it is: the simulation's YAML reader words every tab
 * in indentation as go-yaml does at the start of a value ("found character that cannot
 * start any token"), never as go-yaml does inside a plain scalar that runs on ("found a tab
 * character that violates indentation"); and --record is accepted (its deprecation said)
 * but writes no kubernetes.io/change-cause annotation, as with every command here.
 */
const KNOWN: Record<string, (text: string) => string> = {
  tab: (t) => t.replace('found a tab character that violates indentation', 'found character that cannot start any token'),
  'replicas-record': (t) => t.replace(/"metadata":\{"annotations":\{"kubernetes\.io\/change-cause":"[^"]*"\}\},/, ''),
};

/** -o json|yaml print the patched object: the stub's lacks what the simulated API server keeps (generation, a newer resourceVersion). */
const PRINTS_OBJECT = new Set(['replicas-json', 'replicas-output-yaml', 'compact-json']);

describe('kubectl edit against the real kubectl 1.32', () => {
  it('has every recording the script makes', () => {
    expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(recordings.map((r) => `${r.name}.txt`).sort());
  });

  describe('the file kubectl opens', () => {
    for (const { name } of recordings) {
      const r = recorded(name);
      if (r.files.length === 0) continue;
      it(name, () => {
        const json = r.command.includes('-o json');
        const crlf = r.command.includes('--windows-line-endings');
        expect(editorFile(objectsOf(r.files[0]!, json), json ? 'json' : 'yaml', crlf)).toBe(r.files[0]);
      });
    }
  });

  describe('each save replayed', () => {
    for (const { name, modes } of recordings) {
      if (STUB_ONLY.has(name) || NO_EDITOR.has(name)) continue;
      const r = recorded(name);
      it(`${name}: ${r.command}`, () => {
        const { ports, local } = scenario(scenarioJson);
        const sent: ServerRequest[] = [];
        const terminal: TerminalPorts = { ...ports, kube: recordingPort(ports, sent) };
        const workspace = { readFile: (p: string) => (p === 'web.yaml' ? readFileSync(join(DIR, 'web.yaml'), 'utf8') : undefined), listFiles: () => ['web.yaml'] };
        const line = captureCommandLine(r.command);
        const dir = mkdtempSync(join(tmpdir(), 'edit-recordings-'));
        try {
          const log = join(dir, 'log');
          let stdout = '';
          let stderr = '';
          let exit = 0;
          const reasons: string[][] = [];
          let file = editorOpenFor(line, terminal, workspace)?.buffer;
          if (file === undefined) expect(r.files).toHaveLength(0);
          else expect(r.files.length).toBeGreaterThan(0);
          let reopened: TerminalPorts['reopened'];
          for (let pass = 0; ; pass++) {
            if (pass >= modes.length) throw new Error('the editor reopened more often than kubectl did');
            const saved = file === undefined ? undefined : edit(file, modes, log);
            const out = runCommandLine(line, saved, reopened === undefined ? terminal : { ...terminal, reopened }, workspace);
            stdout += out.stdout;
            stderr += out.stderr;
            exit = out.exitCode;
            if (out.edit === undefined) break;
            reasons.push(reopenedReasons(out.edit.buffer));
            reopened = { edited: saved!, file: out.edit };
            file = out.edit.buffer;
          }
          expect(normalize(stderr, local)).toBe(normalize(r.stderr, local));
          if (PRINTS_OBJECT.has(name)) expect(stdout.startsWith('{') || stdout.startsWith('apiVersion:')).toBe(true);
          else expect(normalize(stdout, local)).toBe(normalize(r.stdout, local));
          expect(exit).toBe(r.exit);
          // the reasons in each file kubectl reopened
          const known = KNOWN[name] ?? ((t: string) => t);
          expect(reasons.map((lines) => lines.map((l) => normalize(l, local)))).toEqual(r.files.slice(1, 1 + reasons.length).map((f) => reopenedReasons(f).map((l) => known(normalize(l, local)))));
          const patches = sent.filter((q) => q.verb === 'patch').map((q) => normalize(requestLine(q)!.replace(/^PATCH /, ''), local));
          expect(patches).toEqual(r.patches.map((p) => known(normalize(patchLine(p), local))));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  });

  describe('messages that carry the saved object, on the stub\'s own', () => {
    const opened = (name: string) => recorded(name).files[0]!;
    it('names an object without its uid in Go syntax (uid)', () => {
      const [web] = objectsOf(opened('uid'), false);
      const { uid: _uid, ...metadata } = web!.metadata ?? {};
      expect(`error: no original object found for ${goSyntaxUnstructured({ ...web!, metadata })}\n`).toBe(recorded('uid').stderr.split('\n')[1] + '\n');
    });
    it('quotes the JSON of an object without a kind (no-kind-validate-false)', () => {
      const saved = opened('no-kind-validate-false').replace(/^kind: Deployment\n/m, '');
      const decoded = decodeEdited(saved);
      expect(decoded.ok ? '' : `# The edited file had a syntax error: ${decoded.error}`).toBe(reopenedReasons(recorded('no-kind-validate-false').files[1]!)[0]);
    });
  });
});
