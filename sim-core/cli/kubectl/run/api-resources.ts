// `kubectl api-resources` (kubectl pkg/cmd/apiresources/apiresources.go): the resources the
// server's discovery lists (apiserver/discovery.ts), filtered by --api-group, --namespaced,
// --verbs and --categories (each only when given), sorted stably by API group (or
// --sort-by name|kind) and then by name, printed as kubectl's table, `-o wide` (verbs and
// categories) or `-o name` (`resource.group`). Discovery is answered by the API server
// without etcd, like GET /version: with no API server the header is printed, then the refusal.
import { API_RESOURCES, type ApiResource } from '../../../apiserver';
import { GET_TABWRITER, tabwrite } from '../tabwriter';
import { statusText } from './api';
import type { RunEnv } from './env';
import { runWithoutServer } from './no-server';
import { nowOf } from './env';

function header(wide: boolean): string {
  return ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])].join('\t') + '\n';
}

export function runApiResources(env: RunEnv): void {
  const { cmd } = env;
  const flags = cmd.flags.values;
  const output = cmd.output;
  if (output !== '' && output !== 'wide' && output !== 'name') {
    env.out.printErr(`error: --output ${output} is not available\n`);
    return env.out.exit(1);
  }
  const headers = !cmd.noHeaders && output !== 'name';
  const reachable = env.ports.kube === undefined ? undefined : env.kube.serverVersion();
  if (reachable === undefined || !reachable.ok) {
    if (headers) env.out.print(tabwrite(header(output === 'wide'), GET_TABWRITER));
    env.out.printErr(reachable === undefined ? runWithoutServer(nowOf(env)) : statusText(reachable.error));
    return env.out.exit(1);
  }
  const group = cmd.flags.changed.has('api-group') ? ((flags.get('api-group') as string | undefined) ?? '') : undefined;
  const namespaced = cmd.flags.changed.has('namespaced') ? flags.get('namespaced') === true : undefined;
  const verbs = (flags.get('verbs') as string[] | undefined) ?? [];
  const categories = (flags.get('categories') as string[] | undefined) ?? [];
  const sortBy = (flags.get('sort-by') as string | undefined) ?? '';
  const chosen = API_RESOURCES.filter(
    (r) =>
      (group === undefined || r.group === group) &&
      (namespaced === undefined || r.namespaced === namespaced) &&
      verbs.every((v) => r.verbs.includes(v)) &&
      categories.every((c) => r.categories.includes(c)),
  );
  const key = (r: ApiResource): string => (sortBy === 'name' ? r.name : sortBy === 'kind' ? r.kind : r.group);
  // sort.Stable by the field, then the name (Go compares strings byte-wise: the same order for these ASCII names)
  const sorted = chosen
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (key(a.r) < key(b.r) ? -1 : key(a.r) > key(b.r) ? 1 : a.r.name < b.r.name ? -1 : a.r.name > b.r.name ? 1 : a.i - b.i))
    .map((x) => x.r);
  if (output === 'name') {
    env.out.print(sorted.map((r) => (r.group === '' ? r.name : `${r.name}.${r.group}`) + '\n').join(''));
    return;
  }
  const wide = output === 'wide';
  let text = headers ? header(wide) : '';
  for (const r of sorted) {
    const cells = [r.name, r.shortNames.join(','), r.group === '' ? r.version : `${r.group}/${r.version}`, String(r.namespaced), r.kind];
    if (wide) cells.push(r.verbs.join(','), r.categories.join(','));
    text += cells.join('\t') + '\n';
  }
  env.out.print(tabwrite(text, GET_TABWRITER));
}
