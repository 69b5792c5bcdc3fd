// What a command that made one object prints for it (create, run, expose): the object as
// -o asks (yaml, json, name, a template), or kubectl's result line (`pod/web created`).
import { printJson } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { kindPrefix } from '../get';
import { operationResult } from '../messages';
import { kubectlYaml, printStructured } from '../structured';
import type { RunEnv } from './env';
import { isTemplateOutput, printWithTemplate } from './templates';

/**
 * `typed`: an object kubectl built itself or decoded into its Go type, for the template
 * printers (templates.ts). `dryRun`: what the result line says of a dry run (the command's
 * own, unless it names its operation after the decoration, as taint does).
 */
export function printObject(env: RunEnv, kind: string, obj: KubeObject, operation: string, typed: boolean, dryRun = env.cmd.dryRun): void {
  if (isTemplateOutput(env.cmd.output)) return printWithTemplate(env, obj, typed);
  const name = obj.metadata?.name ?? '';
  switch (env.cmd.output) {
    case 'yaml':
      return env.out.print(kubectlYaml(obj as Record<string, unknown>));
    case 'json':
      // a typed object in Go's field order; an unstructured one (what kubectl read from the
      // server and changed) as json.Marshal writes a map, keys sorted
      return env.out.print(typed ? printJson(obj as Record<string, unknown>) : printStructured([obj], 'json', false));
    case 'name':
      return env.out.print(`${kindPrefix(kind)}/${name}\n`);
    default:
      return env.out.print(operationResult(kind, name, operation, dryRun));
  }
}
