// The live objects a command acts on (scale, set image, label, annotate, rollout): each
// named target fetched, or every object of a type matching -l / --all; kubectl's errors
// for what it cannot find.
import type { KindDefinition } from '../../../apiserver';
import type { KubeObject, Status } from '../../../client';
import { getObject, listObjects, statusText } from './api';
import type { RunEnv } from './env';
import { matchesFields, parseFieldSelector } from './selectors';
import { commandTargets } from './targets';
import { readManifests } from './manifests';

export interface LiveObject {
  def: KindDefinition;
  namespace: string;
  name: string;
  object: KubeObject;
}

/** Print kubectl's error and fail the command. */
export function fail(env: RunEnv, text: string): void {
  env.out.printErr(text);
  env.out.exit(1);
}

/**
 * The live objects named on the command line. Errors for single targets go through
 * `report` and the remaining targets still run (kubectl's ContinueOnError). With
 * `readNamed: false` a named object is taken as named, unread (its `object` holds only
 * its name), as delete's builder does.
 */
export function liveObjects(env: RunEnv, report: Reporter, options: { readNamed?: boolean } = {}): LiveObject[] {
  const t = commandTargets(env);
  if (!t.ok) {
    report.fail(t.error);
    return [];
  }
  const fields = env.cmd.fieldSelector !== undefined ? parseFieldSelector(env.cmd.fieldSelector) : undefined;
  const out: LiveObject[] = [];
  for (const target of t.targets) {
    if (target.name !== undefined) {
      // the builder's RequireObject(false) (delete): a named object is not read first
      if (options.readNamed === false) {
        out.push({ def: target.def, namespace: target.namespace, name: target.name, object: { metadata: { name: target.name, ...(target.namespace !== '' ? { namespace: target.namespace } : {}) } } });
        continue;
      }
      const r = getObject(env, target.def, target.namespace, target.name);
      if (!r.ok) {
        report.fail(statusText(r.error), r.error);
        if (r.error.code === 0) break;
        continue;
      }
      out.push({ def: target.def, namespace: target.namespace, name: target.name, object: r.value });
      continue;
    }
    if (env.cmd.selector === undefined && !env.cmd.all && env.cmd.fieldSelector === undefined) {
      report.fail('error: resource(s) were provided, but no name was specified\n');
      return [];
    }
    const r = listObjects(env, target.def, {
      namespace: env.cmd.allNamespaces ? undefined : target.namespace,
      ...(env.cmd.selector !== undefined ? { labelSelector: env.cmd.selector } : {}),
      ...(env.cmd.fieldSelector !== undefined ? { fieldSelector: env.cmd.fieldSelector } : {}),
    });
    if (!r.ok) {
      report.fail(statusText(r.error), r.error);
      continue;
    }
    for (const o of r.value.items.filter((x) => matchesFields(x, fields))) {
      out.push({ def: target.def, namespace: o.metadata?.namespace ?? '', name: o.metadata?.name ?? '', object: o });
    }
  }
  return out;
}

export interface Reporter {
  /** print an error on stderr and remember that the command failed (`status`: the API's answer behind it, when there is one) */
  fail: (text: string, status?: Status) => void;
  /** set the exit code once everything is printed */
  finish: () => void;
  failed: () => boolean;
}

/** Continue printing after an error, but remember it in the exit code (Terminal.exit stops output). */
export function exitCodeLater(env: RunEnv): Reporter {
  let failed = false;
  return {
    failed: () => failed,
    fail: (text) => {
      env.out.printErr(text);
      failed = true;
    },
    finish: () => {
      if (failed) env.out.exit(1);
    },
  };
}

/**
 * A reporter that only collects what fails (kubectl's r.Infos(): every object read first,
 * its errors dealt with afterwards): the texts, and the Statuses behind the API's.
 */
export function collectFailures(): Reporter & { texts: string[]; statuses: (Status | undefined)[] } {
  const texts: string[] = [];
  const statuses: (Status | undefined)[] = [];
  return {
    texts,
    statuses,
    fail: (text, status) => {
      texts.push(text);
      statuses.push(status);
    },
    finish: () => undefined,
    failed: () => texts.length > 0,
  };
}

/**
 * One failure of a command whose builder continues on error, as kubectl's CheckErr prints
 * it alone (`line`) and within an aggregate of several (`bare`: the message on its own).
 */
export interface Failure {
  line: string;
  bare: string;
}

export const statusFailure = (s: Status): Failure => ({ line: statusText(s), bare: `${s.message}\n` });
export const plainFailure = (message: string): Failure => ({ line: `error: ${message}\n`, bare: `${message}\n` });

/** utilerrors.NewAggregate through CheckErr: one failure as it is, several each on a line; exit 1. */
export function reportFailures(env: RunEnv, failures: readonly Failure[]): void {
  if (failures.length === 0) return;
  env.out.printErr(failures.length === 1 ? failures[0]!.line : failures.map((f) => f.bare).join(''));
  env.out.exit(1);
}

/** CheckErr's line for a plain error: `error: ` in front unless it is there, and a newline. */
export function errorLine(text: string): string {
  const line = text.startsWith('error: ') ? text : `error: ${text}`;
  return line.endsWith('\n') ? line : `${line}\n`;
}

/**
 * CheckErr of utilerrors.NewAggregate over plain errors (set env, set resources): one as an
 * error line; several each as written and a newline (MultipleErrors), so those that end in
 * a newline of their own leave a blank line. Exit 1; nothing for none.
 */
export function reportAggregate(env: RunEnv, errors: readonly string[]): void {
  if (errors.length === 0) return;
  env.out.printErr(errors.length === 1 ? errorLine(errors[0]!) : errors.map((e) => `${e}\n`).join(''));
  env.out.exit(1);
}

/**
 * The objects a `set` command changes, all read before any is changed (the builder's
 * Infos(): one that cannot be read stops the command): from -f alone with --local, else
 * from the server. undefined once the error is printed.
 */
export function objectsToChange(env: RunEnv, local: boolean): LiveObject[] | undefined {
  if (local) {
    const m = readManifests(env);
    if (!m.ok) return void fail(env, m.error);
    return m.objects.map((o) => ({ def: o.def, namespace: o.namespace, name: o.name, object: o.object }));
  }
  const unread = collectFailures();
  const objects = liveObjects(env, unread);
  if (!unread.failed()) return objects;
  fail(env, unread.texts.join(''));
  return undefined;
}
