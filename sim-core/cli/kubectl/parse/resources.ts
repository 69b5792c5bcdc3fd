// How kubectl reads the positional arguments that name objects (cli-runtime's
// resource.Builder.ResourceTypeOrNameArgs) and the `key=value` / `key-` pairs of label,
// annotate and set image (cmdutil.GetResourcesAndPairs, label.go parseLabels,
// annotate.go parseAnnotations, set_image.go).
import { ALL_CATEGORY, kindForResource, type KindDefinition } from '../../../apiserver';
import { isValidLabelValue } from '../../../apiserver/kinds/nameRules';
import { setOwn } from '../../../kernel';

export interface ResourceTarget {
  def: KindDefinition;
  /** undefined: every object of the type (`kubectl get pods`) */
  name?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const SLASH_FORM_ERROR =
  "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'";

function resolve(word: string): Parsed<KindDefinition> {
  const def = kindForResource(word);
  return def ? { ok: true, value: def } : { ok: false, error: `the server doesn't have a resource type "${word}"` };
}

/** `pods`, `pods,svc`, `pods web db`, `deploy/web pod/x`. */
export function resourceTargets(args: readonly string[]): Parsed<ResourceTarget[]> {
  if (args.length === 0) return { ok: true, value: [] };
  if (args.some((a) => a.includes('/'))) {
    if (!args.every((a) => a.includes('/'))) return { ok: false, error: SLASH_FORM_ERROR };
    const out: ResourceTarget[] = [];
    for (const a of args) {
      const slash = a.indexOf('/');
      const r = resolve(a.slice(0, slash));
      if (!r.ok) return r;
      out.push({ def: r.value, name: a.slice(slash + 1) });
    }
    return { ok: true, value: out };
  }
  const [types, ...names] = args as [string, ...string[]];
  const out: ResourceTarget[] = [];
  for (const t of types.split(',').filter((s) => s !== '')) {
    const defs: KindDefinition[] = [];
    if (t.toLowerCase() === 'all') {
      // the `all` category: the resources of this cluster whose discovery lists it, in discovery order
      for (const r of ALL_CATEGORY) defs.push(kindForResource(r) as KindDefinition);
    } else {
      const r = resolve(t);
      if (!r.ok) return r;
      defs.push(r.value);
    }
    for (const def of defs) {
      if (names.length === 0) out.push({ def });
      for (const name of names) out.push({ def, name });
    }
  }
  return { ok: true, value: out };
}

/**
 * The builder with a label or field selector (visitBySelector), before it maps any type:
 * names (`TYPE NAME`) or `TYPE/NAME` words cannot go with one, nor can a selector go alone.
 * `selected`: a non-empty -l or --field-selector (LabelSelectorParam ignores an empty one).
 */
export function selectorConflict(args: readonly string[], selected: boolean): string | undefined {
  // words that mix both forms are refused first, by resourceTargets
  if (!selected || (args.some((a) => a.includes('/')) && !args.every((a) => a.includes('/')))) return undefined;
  if (args.length === 0) return 'at least one resource must be specified to use a selector';
  if (args.some((a) => a.includes('/'))) return 'selectors and the all flag cannot be used when passing resource/name arguments';
  if (args.length > 1) return 'name cannot be provided when a selector is specified';
  return undefined;
}

/** GetResourcesAndPairs: resource words first, then `k=v` / `k-` pairs. */
export function resourcesAndPairs(args: readonly string[], pairType: string): Parsed<{ resources: string[]; pairs: string[] }> {
  const resources: string[] = [];
  const pairs: string[] = [];
  let foundPair = false;
  for (const s of args) {
    const isPair = (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');
    if (isPair) {
      foundPair = true;
      pairs.push(s);
    } else if (!foundPair) resources.push(s);
    else return { ok: false, error: `all resources must be specified before ${pairType} changes: ${s}` };
  }
  return { ok: true, value: { resources, pairs } };
}

export interface MetadataChanges {
  set: Record<string, string>;
  remove: string[];
}

/** parseLabels (`a=b`, `a-`) or parseAnnotations (the value may hold `=`). */
export function parseMetadataChanges(pairs: readonly string[], what: 'label' | 'annotation'): Parsed<MetadataChanges> {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const p of pairs) {
    if (p.includes('=')) {
      const parts = what === 'label' ? p.split('=') : [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)];
      if (parts.length !== 2 || parts[0] === '') {
        return { ok: false, error: what === 'label' ? `invalid label spec: ${p}` : `invalid annotation format: ${p}` };
      }
      // parseLabels checks a label's value here (its key is left to the API server)
      const errs = what === 'label' ? isValidLabelValue(parts[1] as string) : [];
      if (errs.length > 0) return { ok: false, error: `invalid label value: ${JSON.stringify(p)}: ${errs.join(';')}` };
      setOwn(set, parts[0] as string, parts[1] as string);
    } else if (p.endsWith('-')) {
      remove.push(p.slice(0, -1));
    } else {
      return { ok: false, error: what === 'label' ? `unknown label spec: ${p}` : `invalid annotation format: ${p}` };
    }
  }
  const both = remove.filter((k) => Object.hasOwn(set, k));
  if (both.length > 0) {
    return { ok: false, error: what === 'label' ? 'can not both modify and remove a label in the same command' : `can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}` };
  }
  return { ok: true, value: { set, remove } };
}

/** set image's `container=image` pairs (`*=image` means every container). */
export function parseImageUpdates(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i > 0) out[p.slice(0, i)] = p.slice(i + 1);
  }
  return out;
}

/**
 * set env's envutil.SplitEnvironmentFromResources: the resources come first, then the
 * variables (`KEY=VALUE`, or `KEY-` to remove one); undefined when a resource word follows a
 * variable. `=` may sit anywhere after the first character (Go's `(?ms)^(.+)\=(.*)$`).
 */
export function splitEnvironmentFromResources(args: readonly string[]): { resources: string[]; envArgs: string[] } | undefined {
  const resources: string[] = [];
  const envArgs: string[] = [];
  for (const a of args) {
    const isEnv = a.lastIndexOf('=') > 0 || a.endsWith('-');
    if (isEnv) envArgs.push(a);
    else if (envArgs.length > 0) return undefined;
    else resources.push(a);
  }
  return { resources, envArgs };
}
