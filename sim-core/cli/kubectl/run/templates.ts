// `-o jsonpath=…`, `-o jsonpath-as-json=…` and (get only) `-o custom-columns=…` for the
// runner (the printers themselves are ../jsonpath). kubectl builds its printer before it
// sends anything, so a template that does not parse is refused before the first request
// (`checkTemplateOutput`); the go-template and *-file formats are not simulated.
import type { KubeObject } from '../../../client';
import { parseCustomColumns, parseJsonPath, printCustomColumns, printJsonPath, type ColumnSpec, type ParsedTemplate } from '../jsonpath';
import type { KubectlCommand } from '../parse';
import type { RunEnv } from './env';

export type TemplateOutput = { kind: 'jsonpath'; template: ParsedTemplate; asJson: boolean } | { kind: 'custom-columns'; columns: ColumnSpec[] };

/** The -o values that are a format name and an argument (`jsonpath=…`), or need one. */
const TEMPLATE_FORMATS = ['jsonpath', 'jsonpath-as-json', 'custom-columns', 'go-template', 'template', 'jsonpath-file', 'custom-columns-file', 'go-template-file', 'templatefile'];

function splitOutput(output: string): { format: string; arg: string } {
  const eq = output.indexOf('=');
  return eq < 0 ? { format: output, arg: '' } : { format: output.slice(0, eq), arg: output.slice(eq + 1) };
}

/** Whether -o names a template printer (simulated or not). */
export function isTemplateOutput(output: string): boolean {
  return TEMPLATE_FORMATS.includes(splitOutput(output).format);
}

/** The printer -o asks for, parsed; or kubectl's error (or the simulation's, for the unsimulated formats). */
export function templateOutput(cmd: KubectlCommand): { ok: true; value: TemplateOutput } | { ok: false; error: string } {
  const { format, arg } = splitOutput(cmd.output);
  if (format === 'jsonpath' || format === 'jsonpath-as-json') {
    const p = parseJsonPath(arg);
    return p.ok ? { ok: true, value: { kind: 'jsonpath', template: p.value, asJson: format === 'jsonpath-as-json' } } : p;
  }
  if (format === 'custom-columns') {
    const c = parseCustomColumns(arg);
    return c.ok ? { ok: true, value: { kind: 'custom-columns', columns: c.value } } : c;
  }
  return { ok: false, error: `error: -o ${format} is not part of this simulation; use -o yaml, -o json, -o name, -o jsonpath=… or -o jsonpath-as-json=…${cmd.command === 'get' ? ', -o custom-columns=…, -o wide' : ''}\n` };
}

/** Refuse a bad template before anything is sent; true when the command may go on. */
export function checkTemplateOutput(env: RunEnv): boolean {
  if (!isTemplateOutput(env.cmd.output)) return true;
  const t = templateOutput(env.cmd);
  if (t.ok) return true;
  env.out.printErr(t.error);
  env.out.exit(1);
  return false;
}

function allowMissingKeys(cmd: KubectlCommand): boolean {
  return cmd.flags.values.get('allow-missing-template-keys') !== false;
}

/**
 * Print `obj` (one object, or the List `get` wraps a collection in) through the -o
 * template. `typed`: an object kubectl built or decoded into its Go type (create
 * deployment|namespace, run, expose), whose numbers the printer's JSON round trip makes
 * float64. A failure prints what was written before it, then the error.
 */
export function printWithTemplate(env: RunEnv, objects: KubeObject | readonly KubeObject[], typed: boolean): void {
  const t = templateOutput(env.cmd);
  if (!t.ok) {
    env.out.printErr(t.error);
    return env.out.exit(1);
  }
  const r =
    t.value.kind === 'jsonpath'
      ? printJsonPath(t.value.template, objects, { asJson: t.value.asJson, allowMissingKeys: allowMissingKeys(env.cmd), typedObject: typed })
      : printCustomColumns(t.value.columns, Array.isArray(objects) ? objects : [objects], { noHeaders: env.cmd.noHeaders });
  env.out.print(r.text);
  if (!r.ok) {
    env.out.printErr(r.error);
    env.out.exit(r.exitCode);
  }
}
