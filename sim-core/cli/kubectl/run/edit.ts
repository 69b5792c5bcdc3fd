// `kubectl edit (TYPE NAME… | TYPE/NAME… | TYPE | -f FILE) [-o yaml|json]` (kubectl
// pkg/cmd/edit/edit.go, pkg/cmd/util/editor/editoptions.go, normal edit mode). The
// terminal has no $EDITOR: the command's standard input is the file saved in the editor —
// the browser's dialog, or a here-document — and no standard input is an editor closed
// without saving. One command is one save: where kubectl would reopen the editor on a
// save it could not apply, the command ends (exit 1) with the file it would reopen as data
// (the output's `edit`), and the next save is a command of its own.
//
// What the editor opened is read from the committed keyspace at the command's first tick,
// without a request (../../ports.ts StoredObjectsPort): the page reads the same before its
// dialog opens and the clock stands still until the save, so the save is compared with
// exactly what the learner saw, in the browser and in the server's replay. kubectl's own
// GET (or LIST) still goes to the API server first, with kubectl's errors. A command that
// comes straight after the same line's reopen is kubectl's next pass (ports.reopened): a
// save of the reopened file with no change, or none, ends the edit as kubectl ends it.
import { editTempFile, editorFile, type EditFormat } from '../edit-file';
import { stripComments } from '../edit-saved';
import { editTargets, readEditObjects, storedEditObjects, type EditInfo } from './edit-objects';
import { saveEdited } from './edit-save';
import type { RunEnv } from './env';
import { reportFailures, statusFailure } from './objects';

/** cmdutil.GetValidationDirective: --validate's words (parse.ts refused any other). */
export function validationDirective(value: string): 'strict' | 'warn' | 'ignore' {
  if (['ignore', 'false', '0', 'f', 'F', 'FALSE', 'False'].includes(value)) return 'ignore';
  return value === 'warn' ? 'warn' : 'strict';
}

export function runEdit(env: RunEnv): void {
  const flags = env.cmd.flags.values;
  const subresource = (flags.get('subresource') as string | undefined) ?? '';
  const targets = editTargets(env);
  if (!targets.ok) {
    env.out.printErr(targets.error);
    return env.out.exit(1);
  }
  const reopened = env.ports.reopened;
  // the editor closed without a save leaves its file as written: the reopened one, on a next pass
  const edited = env.stdin ?? reopened?.file.buffer;
  // editoptions.go: on a pass after an error, a file saved with no change (comments aside)
  // from the one kubectl could not apply gives up, keeping a copy; nothing is sent
  if (reopened !== undefined && edited !== undefined && stripComments(edited) === stripComments(reopened.edited)) {
    env.out.printErr(`A copy of your changes has been stored to "${editTempFile(edited, reopened.file.language)}"\n`);
    env.out.printErr('error: Edit cancelled, no valid changes were saved.\n');
    return env.out.exit(1);
  }
  // what the editor opened: the committed objects now, before any request moves the clock
  const opened = env.ports.stored === undefined ? undefined : storedEditObjects(env.ports.stored, targets.targets, subresource);
  const read = readEditObjects(env, targets.targets, subresource);
  if (read.failures.length > 0) return reportFailures(env, read.failures.map(statusFailure));
  if (read.infos.length === 0) {
    env.out.printErr('error: edit cancelled, no objects found\n');
    return env.out.exit(1);
  }
  // the learner's original of each object: the one the editor showed (same uid), else kubectl's read
  const infos: EditInfo[] = read.infos.map((info) => {
    const uid = info.object.metadata?.uid;
    const seen = opened?.find((o) => uid !== undefined && o.metadata?.uid === uid && o.kind === info.object.kind);
    return seen === undefined ? info : { ...info, object: seen };
  });
  // editPrinterOptions: the file is printed as YAML or JSON, nothing else
  const output = env.cmd.output;
  if (output !== '' && output !== 'yaml' && output !== 'json') {
    env.out.printErr(`error: unable to match a printer suitable for the output format "${output}", allowed formats are: json,yaml\n`);
    return env.out.exit(1);
  }
  const format: EditFormat = output === 'json' ? 'json' : 'yaml';
  const windowsLineEndings = flags.get('windows-line-endings') === true;
  const file = editorFile(
    infos.map((i) => i.object),
    format,
    windowsLineEndings,
  );
  if (edited === undefined) {
    // the editor closed without a save: the file is as it was opened
    env.out.printErr('Edit cancelled, no changes made.\n');
    return;
  }
  saveEdited(env, infos, file, edited, { format, windowsLineEndings, subresource, directive: validationDirective((flags.get('validate') as string | undefined) ?? 'strict') });
}
