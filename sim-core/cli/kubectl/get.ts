// `kubectl get` output (kubectl pkg/cmd/get/get.go and cli-runtime's tableprinter.go):
// one table per kind, a blank line between kinds that printed something, names prefixed
// with `kind.group/` when more than one kind was asked for, NAMESPACE first with -A (not for
// cluster-scoped kinds), LABELS last with --show-labels, `-o name`, and
// "No resources found in <ns> namespace." on stderr when nothing was printed.
import { kindFor, KINDS, qualifiedSingular, type KindDefinition } from '../../apiserver';
import { formatLabels } from './printers/selectors';
import { tablePrinterFor } from './printers';
import { GET_TABWRITER, Tabwriter } from './tabwriter';

/** The objects of one requested resource type, in the order the server listed them. */
export interface GetGroup {
  kind: string;
  objects: readonly unknown[];
}

export interface GetOptions {
  /** the simulated clock's tick */
  now: number;
  /** `-o`: '' (the default table), 'wide' or 'name' */
  output?: '' | 'wide' | 'name';
  allNamespaces?: boolean;
  showLabels?: boolean;
  /** -L/--label-columns: one column per label key, headed by its last path segment */
  labelColumns?: readonly string[];
  noHeaders?: boolean;
  /** the request's namespace, for "No resources found in <ns> namespace." */
  namespace: string;
  /** several resource types were requested (`get pods,svc`): defaults to groups.length > 1 */
  withKind?: boolean;
  /**
   * --server-print (default true): false prints every kind with the client-side default
   * table, NAME and AGE, and with -A a NAMESPACE column even for cluster-scoped kinds
   */
  serverPrint?: boolean;
}

export interface GetOutput {
  stdout: string;
  stderr: string;
}

interface ObjectMetaLike {
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
}

function definitionOf(kind: string): KindDefinition | undefined {
  return KINDS.find((k) => k.kind === kind) ?? kindFor('v1', kind);
}

/** `deployment.apps`, `pod`: GroupKind lowercased, as -o name and the kind prefix print it. */
export function kindPrefix(kind: string): string {
  const def = definitionOf(kind);
  // a subresource's kind the API server serves but stores nowhere: autoscaling/v1 Scale
  if (def === undefined && kind === 'Scale') return 'scale.autoscaling';
  return def ? qualifiedSingular(def) : kind.toLowerCase();
}

/** tableprinter printRows: a cell stops at its first line break, marked with "...". */
function cellText(cell: string): string {
  const i = cell.search(/[\f\n\r]/);
  return i < 0 ? cell : `${cell.slice(0, i)}...`;
}

interface TableShape {
  withNamespace: boolean;
  withKind: boolean;
  wide: boolean;
  showLabels: boolean;
  labelColumns: readonly string[];
  serverPrint: boolean;
}

/** tableprinter formatLabelHeaders: `app.kubernetes.io/name` → `NAME`. */
function labelHeader(key: string): string {
  return (key.split('/').pop() ?? key).toUpperCase();
}

function headerLine(kind: string, shape: TableShape): string {
  const printer = tablePrinterFor(kind, shape.serverPrint);
  const headers: string[] = [];
  if (shape.withNamespace) headers.push('NAMESPACE');
  for (const c of printer.columns) if (!c.wide || shape.wide) headers.push(c.name.toUpperCase());
  for (const key of shape.labelColumns) headers.push(labelHeader(key));
  if (shape.showLabels) headers.push('LABELS');
  return headers.join('\t') + '\n';
}

function rowLine(kind: string, obj: unknown, shape: TableShape, now: number): string {
  const printer = tablePrinterFor(kind, shape.serverPrint);
  const cells = printer.row(obj, { now, wide: shape.wide });
  const meta = (obj as ObjectMetaLike).metadata ?? {};
  const out: string[] = [];
  if (shape.withNamespace) out.push(meta.namespace ?? '');
  printer.columns.forEach((c, i) => {
    if (c.wide && !shape.wide) return;
    let cell = cellText(cells[i] ?? '');
    if (shape.withKind && c.name === 'Name' && i === 0) cell = `${kindPrefix(kind)}/${cell}`;
    out.push(cell);
  });
  for (const key of shape.labelColumns) out.push(meta.labels?.[key] ?? '');
  if (shape.showLabels) out.push(formatLabels(meta.labels));
  return out.join('\t') + '\n';
}

function shapeFor(kind: string, options: GetOptions, withKind: boolean): TableShape {
  const namespaced = definitionOf(kind)?.namespaced ?? true;
  const serverPrint = options.serverPrint ?? true;
  return {
    // the server's Table leaves the column out for a cluster-scoped kind; the client-side handler does not
    withNamespace: Boolean(options.allNamespaces) && (namespaced || !serverPrint),
    withKind,
    wide: options.output === 'wide',
    showLabels: Boolean(options.showLabels),
    labelColumns: (options.labelColumns ?? []).flatMap((k) => k.split(',')).filter((k) => k !== ''),
    serverPrint,
  };
}

export function noResourcesMessage(groups: readonly GetGroup[], options: GetOptions): string {
  const allNamespaced = !options.allNamespaces && groups.every((g) => definitionOf(g.kind)?.namespaced ?? true);
  return allNamespaced ? `No resources found in ${options.namespace} namespace.\n` : 'No resources found\n';
}

export function printGet(groups: readonly GetGroup[], options: GetOptions): GetOutput {
  if (groups.every((g) => g.objects.length === 0)) return { stdout: '', stderr: noResourcesMessage(groups, options) };

  if (options.output === 'name') {
    let stdout = '';
    for (const g of groups) {
      for (const o of g.objects) stdout += `${kindPrefix(g.kind)}/${(o as ObjectMetaLike).metadata?.name ?? ''}\n`;
    }
    return { stdout, stderr: '' };
  }

  const withKind = options.withKind ?? groups.length > 1;
  const w = new Tabwriter(GET_TABWRITER);
  let printedBefore = false;
  for (const g of groups) {
    if (g.objects.length === 0) continue; // tableprinter prints no header for an empty table
    w.flush();
    w.resetWidths();
    if (printedBefore && !options.noHeaders) w.write('\n');
    const shape = shapeFor(g.kind, options, withKind);
    if (!options.noHeaders) w.write(headerLine(g.kind, shape));
    for (const o of g.objects) w.write(rowLine(g.kind, o, shape, options.now));
    printedBefore = true;
  }
  return { stdout: w.text(), stderr: '' };
}

/**
 * `kubectl get <kind> -w`: the current objects as a table, then one row per watch event,
 * each flushed on its own but aligned with the rows before it (RememberWidths). With no
 * current objects nothing is printed until the first event, which brings the header.
 */
export class WatchPrinter {
  private readonly w = new Tabwriter(GET_TABWRITER);
  private headerPrinted = false;
  private readonly shape: TableShape;
  private now: number;

  constructor(
    private readonly kind: string,
    private readonly options: GetOptions,
  ) {
    this.shape = shapeFor(kind, options, false);
    this.now = options.now;
  }

  /** The list printed when the watch starts. */
  initial(objects: readonly unknown[]): string {
    return this.print(objects);
  }

  /** One watch event's object (ADDED, MODIFIED or DELETED: the row shows the object as sent). */
  event(obj: unknown): string {
    return this.print([obj]);
  }

  private print(objects: readonly unknown[]): string {
    if (objects.length === 0) return '';
    const before = this.w.text().length;
    if (this.options.output === 'name') {
      for (const o of objects) this.w.write(`${kindPrefix(this.kind)}/${(o as ObjectMetaLike).metadata?.name ?? ''}\n`);
    } else {
      if (!this.headerPrinted && !this.options.noHeaders) this.w.write(headerLine(this.kind, this.shape));
      for (const o of objects) this.w.write(rowLine(this.kind, o, this.shape, this.now));
    }
    this.headerPrinted = true;
    return this.w.text().slice(before);
  }

  /** Advance the clock for rows printed later (AGE is computed at print time). */
  setNow(now: number): void {
    this.now = now;
  }
}
