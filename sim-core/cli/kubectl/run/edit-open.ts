// What `kubectl edit …` opens in the editor, asked for by the page before its dialog opens:
// the file run/edit.ts will compare the save with (the same targets, read from the committed
// keyspace the same way, printed the same way), with no request sent, no time passing and
// nothing logged. undefined when the command would stop before its editor opens — a line it
// refuses, an object that is not there, a read the API server would refuse (kubectl GETs
// first, --as's impersonation with it), a bad -o, no API server — and the page then runs
// the line as it is, which prints kubectl's error.
import type { KubeApiPort } from '../../../apiserver/server';
import { connectionRefused } from '../../../apiserver/server';
import type { CommandContext } from '../../command-line';
import { Terminal } from '../../terminal';
import { editorFile, type EditFormat } from '../edit-file';
import { kindPrefix } from '../get';
import { parseKubectl } from '../parse';
import { editReadRequest, editTargets, storedEditObjects } from './edit-objects';
import type { KubectlPorts, RunEnv } from './env';
import { impersonationOf } from './impersonate';

export interface EditorOpen {
  /** the file as kubectl writes it for the editor */
  buffer: string;
  language: EditFormat;
  /** the first objects it holds (TITLE_NAMES at most), as kubectl names them (`deployment.apps/web`) */
  title: string;
  /** how many more objects it holds than the title names */
  more: number;
}

/**
 * The most objects the title names, and its longest text: `kubectl edit events` can hold
 * hundreds, and the title is the dialog's heading and accessible name, far under the page's
 * limit of a line (4,096) — even for a name the API server never checked (an etcdctl put).
 */
const TITLE_NAMES = 3;
const TITLE_MAX = 1_000;

/** The first names that fit, and how many are left out (a first name too long for any is cut). */
function titleOf(names: readonly string[]): { title: string; more: number } {
  let title = '';
  let named = 0;
  for (const name of names.slice(0, TITLE_NAMES)) {
    const next = named === 0 ? name : `${title}, ${name}`;
    if (next.length > TITLE_MAX) break;
    title = next;
    named++;
  }
  if (named === 0) return { title: `${(names[0] ?? '').slice(0, TITLE_MAX - 1)}…`, more: names.length - 1 };
  return { title, more: names.length - named };
}

/** A port that answers nothing: the open reads the committed keyspace only. */
const NO_REQUESTS: KubeApiPort = {
  request: () => ({ ok: false, error: connectionRefused() }),
  watchSoFar: () => ({ ok: false, error: connectionRefused() }),
  serverVersion: () => ({ ok: false, error: connectionRefused() }),
};

export function kubectlEditorOpen(argv: string[], ports: KubectlPorts, context: CommandContext): EditorOpen | undefined {
  const stored = ports.stored;
  if (ports.kube === undefined || stored === undefined || !stored.serving()) return undefined;
  const parsed = parseKubectl(argv, { now: ports.sim.now() });
  if (!parsed.ok || !('command' in parsed) || parsed.command.command !== 'edit') return undefined;
  const cmd = parsed.command;
  const output = cmd.output;
  if (output !== '' && output !== 'yaml' && output !== 'json') return undefined;
  const env: RunEnv = {
    cmd,
    kube: NO_REQUESTS,
    ports,
    files: {
      ...(context.readFile ? { readFile: context.readFile } : {}),
      ...(context.listFiles ? { listFiles: context.listFiles } : {}),
    },
    stdin: undefined,
    environment: {},
    namespace: cmd.namespace ?? 'default',
    out: new Terminal(),
  };
  const targets = editTargets(env);
  if (!targets.ok) return undefined;
  const subresource = (cmd.flags.values.get('subresource') as string | undefined) ?? '';
  // kubectl's GET (or LIST) comes first: what the authorizer would refuse it, no editor shows
  const as = impersonationOf(cmd);
  if (!targets.targets.every((t) => stored.authorizes(editReadRequest(t, subresource), as))) return undefined;
  const objects = storedEditObjects(stored, targets.targets, subresource);
  if (objects === undefined || objects.length === 0) return undefined;
  const language: EditFormat = output === 'json' ? 'json' : 'yaml';
  return {
    buffer: editorFile(objects, language, cmd.flags.values.get('windows-line-endings') === true),
    language,
    ...titleOf(objects.map((o) => `${kindPrefix(o.kind ?? '')}/${o.metadata?.name ?? ''}`)),
  };
}
