// sim curl <service|clusterIP>[:port]: an HTTP request from a Pod on a worker node, through
// that node's kube-proxy rule table to one ready endpoint. Prints what curl prints: the
// body, or curl's own error line with curl's exit code (6 cannot resolve, 7 refused,
// 28 timed out, 52 empty reply) — kube-proxy/responses.ts.
import type { SimControlPort } from '../ports';
import type { Terminal } from '../terminal';

export const NEEDS_DEFAULT_TOPOLOGY = 'needs the default topology (a cluster with nodes); this one is etcd only';

export function simCurl(args: string[], sim: SimControlPort, term: Terminal): void {
  if (args.length !== 1 || args[0] === '') {
    term.printErr('sim curl: name one Service or ClusterIP, optionally with a port (e.g. sim curl web, sim curl 10.96.0.10:80)\n');
    return term.exit(2);
  }
  if (sim.curl === undefined) {
    term.printErr(`sim curl: ${NEEDS_DEFAULT_TOPOLOGY}\n`);
    return term.exit(1);
  }
  const r = sim.curl(args[0] as string);
  if (r.ok) return term.print(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
  term.printErr(`${r.output}\n`);
  term.exit(r.exitCode);
}
