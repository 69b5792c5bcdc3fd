// One save of `kubectl edit` (editoptions.go Run's loop body, normal edit mode, in its
// order): kubectl's validation of the saved text, "no changes" and "empty" cancels, the
// builder's decoding, the namespace each object must stay in, --save-config's annotation,
// then for each object the strategic merge patch from what was opened to what was saved
// (with kubectl's preconditions: apiVersion, kind and name unchanged), sent as a PATCH.
// A save kubectl would answer by reopening the editor ends the command here with exit 1
// and the file it would reopen (Terminal.reopenEditor).
import { qualifiedResource } from '../errors';
import { editTempFile, hasLines, reopenedFile, type EditFormat, type EditReason } from '../edit-file';
import { decodeEdited, goSyntaxUnstructured, stripComments, validationError, type EditedObject } from '../edit-saved';
import { createTwoWayMergePatch, isPatchComputeError } from '../strategic-diff';
import { goCompactJson } from '../structured';
import type { KubeObject, Status } from '../../../client';
import { patchObject } from './api';
import { modifiedConfiguration } from './apply';
import type { EditInfo } from './edit-objects';
import type { RunEnv } from './env';
import { printObject } from './print-object';

export interface SaveOptions {
  format: EditFormat;
  windowsLineEndings: boolean;
  subresource: string;
  directive: 'strict' | 'warn' | 'ignore';
}

const PRECONDITION_FAILED = 'At least one of apiVersion, kind and name was changed';

/** mergepatch.RequireKeyUnchanged(apiVersion, kind, managedFields) and RequireMetadataKeyUnchanged(name), on the computed patch. */
function preconditionsHold(patch: Record<string, unknown>): boolean {
  if ('apiVersion' in patch || 'kind' in patch || 'managedFields' in patch) return false;
  const meta = patch.metadata;
  return !(typeof meta === 'object' && meta !== null && 'name' in meta);
}

export function saveEdited(env: RunEnv, infos: readonly EditInfo[], opened: string, edited: string, o: SaveOptions): void {
  const out = env.out;
  const tempFile = editTempFile(edited, o.format);
  const reopen = (reasons: EditReason[]) => {
    out.reopenEditor({ buffer: reopenedFile(reasons, edited, o.format, o.windowsLineEndings), language: o.format });
    out.exit(1);
  };
  /** preservedFile: the copy kept of the saved file, then CheckErr's line */
  const preserved = (error: string) => {
    out.printErr(`A copy of your changes has been stored to "${tempFile}"\n`);
    out.printErr(`error: ${error}\n`);
    out.exit(1);
  };
  const first = infos[0]!;

  if (o.directive !== 'ignore') {
    const invalid = validationError(edited, o.directive);
    if (invalid !== undefined) {
      // addError of an Invalid error kubectl makes itself, about the first object opened
      const resource = qualifiedResource(first.def);
      out.printErr(`error: ${resource} "${first.name}" is invalid\n`);
      return reopen([{ head: `${resource} "${first.name}" was not valid`, other: [`<nil>: Invalid value: "The edited file failed validation": ${invalid}`] }]);
    }
  }
  if (stripComments(opened) === stripComments(edited)) {
    out.printErr('Edit cancelled, no changes made.\n');
    return;
  }
  if (!hasLines(edited)) {
    out.printErr('Edit cancelled, saved file was empty.\n');
    return;
  }
  const decoded = decodeEdited(edited);
  // a syntax error: the file is reopened with it, and nothing is printed
  if (!decoded.ok) return reopen([{ head: `The edited file had a syntax error: ${decoded.error}`, other: [] }]);

  const objects: EditedObject[] = [];
  for (const e of decoded.objects) {
    // restoreManagedFields: the simulated API server keeps none
    const { managedFields: _mf, ...metadata } = e.object.metadata ?? {};
    let object: KubeObject = { ...e.object, metadata };
    if (e.def.namespaced) {
      // resource.RequireNamespace: an object that names none goes to the command's
      const own = metadata.namespace ?? '';
      if (own === '') object = { ...object, metadata: { ...metadata, namespace: env.namespace } };
      else if (own !== env.namespace) {
        return preserved(`the namespace from the provided object "${own}" does not match the namespace "${env.namespace}". You must pass '--namespace=${own}' to perform this operation.`);
      }
    }
    if (env.cmd.flags.values.get('save-config') === true) {
      object = modifiedConfiguration({ source: '', def: e.def, object, name: object.metadata?.name ?? '', namespace: object.metadata?.namespace ?? '' });
    }
    objects.push({ def: e.def, object });
  }

  const reasons: EditReason[] = [];
  let retryable = 0;
  let notFound = 0;
  for (const e of objects) {
    const name = e.object.metadata?.name ?? '';
    const namespace = e.object.metadata?.namespace ?? '';
    const uid = e.object.metadata?.uid ?? '';
    const original = infos.find((i) => (i.object.metadata?.uid ?? '') === uid);
    if (original === undefined) return preserved(`no original object found for ${goSyntaxUnstructured(e.object)}`);
    if (goCompactJson(original.object) === goCompactJson(e.object)) {
      printObject(env, e.object.kind ?? '', e.object, 'skipped', false, 'none');
      continue;
    }
    let patch: Record<string, unknown>;
    try {
      patch = createTwoWayMergePatch(e.object.kind ?? '', original.object as Record<string, unknown>, e.object as Record<string, unknown>);
    } catch (err) {
      if (!isPatchComputeError(err)) throw err;
      return preserved(err.message);
    }
    if (!preconditionsHold(patch)) return preserved(PRECONDITION_FAILED);
    if (env.cmd.flags.values.get('output-patch') === true) out.print(`Patch: ${goCompactJson(patch)}\n`);
    const sub = o.subresource === 'status' ? 'status' : undefined;
    const r = patchObject(env, e.def, namespace, name, 'application/strategic-merge-patch+json', patch, sub);
    if (r.ok) {
      printObject(env, r.value.kind ?? e.object.kind ?? '', r.value, 'edited', false, 'none');
      continue;
    }
    // editResults.addError: one line each, and what becomes of the file
    const resource = qualifiedResource(e.def);
    out.printErr(`${addError(r.error, resource, name)}\n`);
    if (r.error.reason === 'Invalid') reasons.push({ head: `${resource} "${name}" was not valid`, other: (r.error.details?.causes ?? []).map((c) => `${c.field ?? ''}: ${c.message ?? ''}`) });
    else if (r.error.reason === 'NotFound') notFound++;
    else retryable++;
  }
  if (retryable > 0) {
    out.printErr(`You can run \`kubectl replace -f ${tempFile}\` to try this update again.\n`);
    return out.exit(1);
  }
  if (notFound > 0) {
    out.printErr(`The edits you made on deleted resources have been saved to "${tempFile}"\n`);
    return out.exit(1);
  }
  if (reasons.length > 0) reopen(reasons);
}

/** editResults.addError's line for a failed PATCH. */
function addError(s: Status, resource: string, name: string): string {
  if (s.reason === 'Invalid') return `error: ${resource} "${name}" is invalid`;
  if (s.reason === 'NotFound') return `error: ${resource} "${name}" could not be found on the server`;
  return `error: ${resource} "${name}" could not be patched: ${s.message}`;
}
