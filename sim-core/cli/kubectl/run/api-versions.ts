// `kubectl api-versions` (kubectl pkg/cmd/apiresources/apiversions.go): every group version
// the server's discovery lists (apiserver/discovery.ts) — `v1` for the core group, `group/
// version` for the others — in Go's sort.Strings order, one a line. Without a cluster,
// discovery's klog line and kubectl's own error.
import { API_RESOURCES } from '../../../apiserver';
import { klogLine } from '../parse';
import { statusText } from './api';
import { nowOf, type RunEnv } from './env';

const REFUSED_API = 'Get "http://localhost:8080/api?timeout=32s": dial tcp 127.0.0.1:8080: connect: connection refused';

/** Byte order, as Go compares strings. */
const goLess = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function runApiVersions(env: RunEnv): void {
  if (env.ports.kube === undefined) {
    const log = klogLine('E', nowOf(env), 'memcache.go:265', `"Unhandled Error" err="couldn't get current server API group list: ${REFUSED_API.replaceAll('"', '\\"')}"`);
    env.out.printErr(`${log}\nerror: couldn't get available api versions from server: ${REFUSED_API}\n`);
    return env.out.exit(1);
  }
  const reachable = env.kube.serverVersion();
  if (!reachable.ok) {
    env.out.printErr(statusText(reachable.error));
    return env.out.exit(1);
  }
  const versions = new Set(API_RESOURCES.map((r) => (r.group === '' ? r.version : `${r.group}/${r.version}`)));
  env.out.print([...versions].sort(goLess).map((v) => `${v}\n`).join(''));
}
