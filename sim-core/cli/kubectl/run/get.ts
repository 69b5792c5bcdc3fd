// `kubectl get` (kubectl pkg/cmd/get/get.go): fetch each named object or list each type
// (with -l, --field-selector, -A), then print one table per type, `-o name`, or the
// objects as JSON/YAML (a `List` unless exactly one object was named). Errors for named
// objects go to stderr after what was found; `--ignore-not-found` drops NotFound.
// `-w` lists, then prints what a watch from the list's resourceVersion delivered so far;
// in the browser's terminal (ports.live) the watch stays open after the command returns,
// its rows printed as they arrive while the page's clock runs, until Ctrl+C.
import { statusError, type KubeObject, type Status } from '../../../client';
import { connectionRefused, noRouteToHost } from '../../../apiserver/server';
import { printGet, WatchPrinter, type GetGroup, type GetOptions } from '../get';
import { kubectlList, printStructured } from '../structured';
import { isTemplateOutput, printWithTemplate } from './templates';
import { getObject, getScale, listObjects, openWatch, REQUEST_TIMEOUT_TICKS, statusText, watchSoFar } from './api';
import { POLL_TICKS as WATCH_SLICE_TICKS } from './wait';
import { nowOf, type RunEnv } from './env';
import { inFirstOccurrenceOrder } from './events-order';
import { matchesFields, parseFieldSelector } from './selectors';
import { commandTargets, type Target } from './targets';
import { sortByField } from '../sort/sortBy';
import type { LiveOutput } from '../../ports';

const TABLE_OUTPUTS = ['', 'wide', 'name'];

/** watchtools.ErrWatchClosed: what `kubectl get -w` exits with when the stream ends under it (the API server died) */
const WATCH_CLOSED = 'watch closed before UntilWithoutRetry timeout';

/**
 * How kubectl words a watch that failed: the server's Status as any error of its, and a
 * failure of the connection itself (a Status with code 0: the dial refused or unrouted, the
 * stream cut) as its own connection errors are worded.
 */
function watchErrorText(status: Status): string {
  if (status.code !== 0) return statusText(status);
  if (status.reason === 'ConnectionRefused') return `${connectionRefused().message}\n`;
  if (status.reason === 'NoRouteToHost') return `${noRouteToHost().message}\n`;
  if (status.reason === 'UnexpectedEOF') return `error: ${WATCH_CLOSED}\n`;
  return statusText(status);
}

function printOptions(env: RunEnv): GetOptions {
  const cmd = env.cmd;
  return {
    now: nowOf(env),
    output: cmd.output as '' | 'wide' | 'name',
    allNamespaces: cmd.allNamespaces,
    showLabels: cmd.showLabels,
    labelColumns: cmd.labelColumns,
    noHeaders: cmd.noHeaders,
    namespace: env.namespace,
    ...(cmd.showKind ? { withKind: true } : {}),
    ...(cmd.flags.values.get('server-print') === false ? { serverPrint: false } : {}),
  };
}

function unsupportedOutput(env: RunEnv): boolean {
  const o = env.cmd.output;
  if (TABLE_OUTPUTS.includes(o) || o === 'json' || o === 'yaml') return false;
  if (isTemplateOutput(o) && !env.cmd.watch && !env.cmd.watchOnly) return false;
  env.out.printErr(`error: -o ${o} is not part of this simulation${env.cmd.watch || env.cmd.watchOnly ? ' with --watch' : ''}; use -o wide, -o name, -o yaml or -o json\n`);
  env.out.exit(1);
  return true;
}

export function runGet(env: RunEnv): void {
  if (unsupportedOutput(env)) return;
  const t = commandTargets(env);
  if (!t.ok) {
    env.out.printErr(t.error);
    return env.out.exit(1);
  }
  if (env.cmd.watch || env.cmd.watchOnly) return runWatch(env, t.targets);
  const cmd = env.cmd;
  const fields = cmd.fieldSelector !== undefined ? parseFieldSelector(cmd.fieldSelector) : undefined;
  const groups: { kind: string; objects: KubeObject[] }[] = [];
  const groupOf = (kind: string) => {
    let g = groups.find((x) => x.kind === kind);
    if (g === undefined) groups.push((g = { kind, objects: [] }));
    return g;
  };
  let errors = '';
  let listed = false;
  // --subresource: status reads the object itself; scale reads its autoscaling/v1 Scale,
  // printed by -o (the server's Table of a Scale is not simulated); any other is the
  // server's 404
  const subresource = (cmd.flags.values.get('subresource') as string | undefined) ?? '';
  if (subresource !== '' && subresource !== 'status') {
    if (subresource === 'scale' && (cmd.output === '' || cmd.output === 'wide')) {
      env.out.printErr('error: kubectl get --subresource=scale prints the Scale with -o yaml, -o json, -o name or -o jsonpath=… in this simulation\n');
      return env.out.exit(1);
    }
    if (t.targets.some((x) => x.name === undefined)) {
      env.out.printErr(`error: kubectl get --subresource=${subresource} needs the names of the objects in this simulation\n`);
      return env.out.exit(1);
    }
  }
  for (const target of t.targets) {
    const group = groupOf(subresource === 'scale' ? 'Scale' : target.def.kind);
    if (target.name !== undefined) {
      const r =
        subresource === '' || subresource === 'status'
          ? getObject(env, target.def, target.namespace, target.name)
          : subresource === 'scale'
            ? getScale(env, target.def, target.namespace, target.name)
            : ({ ok: false, error: statusError('NotFound', 'the server could not find the requested resource') } as const);
      if (!r.ok) {
        if (r.error.code === 0) return fatal(env, statusText(r.error));
        if (!(cmd.ignoreNotFound && r.error.reason === 'NotFound')) errors += statusText(r.error);
        continue;
      }
      group.objects.push(r.value);
      continue;
    }
    listed = true;
    const r = listObjects(env, target.def, {
      namespace: cmd.allNamespaces ? undefined : target.namespace,
      ...(cmd.selector !== undefined ? { labelSelector: cmd.selector } : {}),
      ...(cmd.fieldSelector !== undefined ? { fieldSelector: cmd.fieldSelector } : {}),
    });
    if (!r.ok) {
      if (r.error.code === 0) return fatal(env, statusText(r.error));
      errors += statusText(r.error);
      continue;
    }
    const items = r.value.items.filter((o) => matchesFields(o, fields));
    group.objects.push(...(target.def.kind === 'Event' ? inFirstOccurrenceOrder(items) : items));
  }

  const sortBy = (cmd.flags.values.get('sort-by') as string | undefined) ?? '';
  if (sortBy !== '' && (cmd.output === '' || cmd.output === 'wide')) {
    // the table printer sorts each type's rows (TableSorter)
    for (const g of groups) {
      const sorted = sortByField(g.objects, sortBy, { table: true, now: nowOf(env) });
      if (!sorted.ok) return fatal(env, sorted.error);
      g.objects = sorted.value;
    }
  }
  let all = groups.flatMap((g) => g.objects);
  const single = t.targets.length === 1 && t.targets[0]?.name !== undefined;
  if (sortBy !== '' && cmd.output !== '' && cmd.output !== 'wide' && !(single && all.length === 1)) {
    // every other output prints one list, sorted as a whole (SortingPrinter.sortObj); one
    // named object is printed as itself, unsorted (printGeneric)
    const sorted = sortByField(all, sortBy, { table: false, now: nowOf(env) });
    if (!sorted.ok) return fatal(env, sorted.error);
    all = sorted.value;
  }
  if (cmd.output === 'json' || cmd.output === 'yaml') {
    if (all.length > 0 || listed) env.out.print(printStructured(all, cmd.output, !single));
  } else if (isTemplateOutput(cmd.output)) {
    // printGeneric: one named object is printed as itself, anything else as a List; custom-columns prints rows
    const columns = cmd.output.startsWith('custom-columns');
    if (all.length > 0 || listed) printWithTemplate(env, columns ? all : single && all.length === 1 ? all[0]! : kubectlList(all), false);
  } else {
    // -o name is a list, not a table: sorted, its kinds may interleave
    const printed = printGet(cmd.output === 'name' && sortBy !== '' ? runsOfKind(all) : (groups as GetGroup[]), printOptions(env));
    env.out.print(printed.stdout);
    // "No resources found" only for a table (printGeneric prints an empty List, and -o name
    // prints nothing for it), when a collection was asked for and nothing failed
    if (listed && errors === '' && cmd.output !== 'name') env.out.printErr(printed.stderr);
  }
  env.out.printErr(errors);
  if (errors !== '') env.out.exit(1);
}

/** Objects in order, as consecutive groups of one kind (for printGet's -o name). */
function runsOfKind(objects: readonly KubeObject[]): GetGroup[] {
  const runs: { kind: string; objects: KubeObject[] }[] = [];
  for (const o of objects) {
    const last = runs.at(-1);
    if (last !== undefined && last.kind === o.kind) last.objects.push(o);
    else runs.push({ kind: o.kind ?? '', objects: [o] });
  }
  return runs as GetGroup[];
}

function fatal(env: RunEnv, text: string): void {
  env.out.printErr(text);
  env.out.exit(1);
}

/** get.go watch(): one resource type only; the initial list (unless --watch-only), then the events. */
function runWatch(env: RunEnv, targets: readonly Target[]): void {
  const cmd = env.cmd;
  // resource.Builder.SingleResourceType, then get.go's one-info check
  if (new Set(targets.map((t) => t.def.kind)).size > 1) return fatal(env, 'error: you may only specify a single resource type\n');
  if (targets.length !== 1) {
    return fatal(env, `error: watch is only supported on individual resources and resource collections, but ${targets.length} resources were found\n`);
  }
  const target = targets[0] as Target;
  const names = new Set(targets.flatMap((t) => (t.name === undefined ? [] : [t.name])));
  const fields = cmd.fieldSelector !== undefined ? parseFieldSelector(cmd.fieldSelector) : undefined;
  const wanted = (o: KubeObject): boolean => (names.size === 0 || names.has(o.metadata?.name ?? '')) && matchesFields(o, fields);
  const query = {
    namespace: cmd.allNamespaces ? undefined : target.namespace,
    ...(cmd.selector !== undefined ? { labelSelector: cmd.selector } : {}),
    ...(cmd.fieldSelector !== undefined ? { fieldSelector: cmd.fieldSelector } : {}),
  };
  const list = listObjects(env, target.def, query);
  if (!list.ok) return fatal(env, statusText(list.error));
  const initial = list.value.items.filter(wanted);
  for (const name of names) {
    if (!initial.some((o) => o.metadata?.name === name)) {
      return fatal(env, `Error from server (NotFound): ${target.def.group === '' ? target.def.resource : `${target.def.resource}.${target.def.group}`} "${name}" not found\n`);
    }
  }
  const structured = cmd.output === 'json' || cmd.output === 'yaml' ? cmd.output : undefined;
  const printer = new WatchPrinter(target.def.kind, printOptions(env));
  let documents = 0;
  const format = (objects: readonly KubeObject[], fromWatch: boolean): string => {
    if (structured === undefined) return fromWatch ? objects.map((o) => printer.event(o)).join('') : printer.initial(objects);
    let text = '';
    for (const o of objects) {
      // the YAML printer separates documents with `---` (cli-runtime printers/yaml.go)
      if (structured === 'yaml' && documents > 0) text += '---\n';
      text += printStructured([o], structured, false);
      documents++;
    }
    return text;
  };
  if (!cmd.watchOnly) env.out.print(format(initial, false));
  let rv = list.value.resourceVersion;
  if (env.ports.live === true) {
    const opened = openWatch(env, target.def, { ...query, resourceVersion: rv });
    if (opened !== undefined) {
      if (!opened.ok) return fatal(env, statusText(opened.error));
      const watch = opened.value;
      let ended: number | undefined;
      env.out.keepRunning({
        read: () => {
          if (ended !== undefined) return { stdout: '', stderr: '' };
          let stdout = '';
          let stderr = '';
          const { events, dropped, closed } = watch.take();
          for (const { event: e, at } of events) {
            if (e.type === 'ERROR') {
              // the server ended it: nothing to cancel (read() runs at a reader's pace, which must send nothing)
              watch.forget();
              ended = 1;
              stderr = watchErrorText(e.status);
              break;
            }
            if (e.type === 'BOOKMARK') continue;
            if (!wanted(e.object)) continue;
            // AGE as kubectl computes it: when the row is printed, on the event's arrival
            printer.setNow(at);
            stdout += format([e.object], true);
          }
          if (ended === undefined && closed) {
            // the server went away: the stream ended on EOF, and watchtools.UntilWithoutRetry says so
            watch.forget();
            ended = 1;
            stderr = `error: ${WATCH_CLOSED}\n`;
          }
          const out: LiveOutput = ended === undefined ? { stdout, stderr } : { stdout, stderr, exitCode: ended };
          return dropped > 0 ? { ...out, clipped: true } : out;
        },
        stop: () => watch.close(),
      });
      return;
    }
  }
  // Watch in one-second slices, each resuming from the last resourceVersion seen, so a
  // row's AGE is computed within a second of its event's arrival, as kubectl prints it
  // on arrival. Stop when a slice ends early (the cluster went quiet) or after the
  // request timeout.
  const start = nowOf(env);
  for (;;) {
    const before = nowOf(env);
    const events = watchSoFar(env, target.def, { ...query, resourceVersion: rv }, WATCH_SLICE_TICKS);
    if (!events.ok) return fatal(env, statusText(events.error));
    printer.setNow(nowOf(env));
    for (const e of events.value) {
      if (e.type === 'ERROR' || e.type === 'BOOKMARK') continue;
      rv = e.object.metadata?.resourceVersion ?? rv;
      if (wanted(e.object)) env.out.print(format([e.object], true));
    }
    if (nowOf(env) - before < WATCH_SLICE_TICKS || nowOf(env) - start >= REQUEST_TIMEOUT_TICKS) break;
  }
}
