// etcdctl endpoint status|health [--cluster] (etcdctl/ctlv3/command/ep_command.go).
// health does a linearizable get of the key "health" through each endpoint with the
// command timeout and reports how long it took (in simulated time); status asks each
// endpoint for its Maintenance.Status. --cluster takes the endpoints from member list.
import type { Command } from '../flags/command';
import { formatGoDuration } from '../flags/go-values';
import { mustClient, request, resolveEndpoint, ticksToNanos, type Client, type EtcdctlEnv, type EtcdctlInvocation } from './client';
import { EXIT_ERROR } from './exit-codes';
import type { EpHealth, EpStatus } from './printer';

/** endpointsFromCluster; undefined after exiting with its error */
function endpointsFromCluster(inv: EtcdctlInvocation, client: Client): string[] | undefined {
  if (inv.flags.values.get('cluster') !== true) return client.endpoints;
  const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.clusterEndpoints(o));
  if (!resp.ok) {
    inv.term.exitWithError(EXIT_ERROR, `failed to fetch endpoints from etcd cluster member list: ${resp.error.message}`);
    return undefined;
  }
  return resp.value;
}

const health: Command<EtcdctlEnv> = {
  use: 'health',
  short: 'Checks the healthiness of endpoints specified in `--endpoints` flag',
  run(inv) {
    const client = mustClient(inv);
    if (!client) return;
    const eps = endpointsFromCluster(inv, client);
    if (!eps) return;
    // etcdctl checks the endpoints concurrently; here one after another, each timed alone.
    const list: EpHealth[] = eps.map((ep) => {
      const start = client.sim.now();
      const member = resolveEndpoint(client.sim, ep);
      const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.range({ key: 'health' }, o), member);
      const took = formatGoDuration(ticksToNanos(client.sim.now() - start));
      return { ep, health: resp.ok, took, error: resp.ok ? '' : resp.error.message };
    });
    client.printer.endpointHealth(list);
    if (list.some((h) => h.error !== '')) inv.term.exitWithError(EXIT_ERROR, 'unhealthy cluster');
  },
};

const status: Command<EtcdctlEnv> = {
  use: 'status',
  short: 'Prints out the status of endpoints specified in `--endpoints` flag',
  long: `When --write-out is set to simple, this command prints out comma-separated status lists for each endpoint.
The items in the lists are endpoint, ID, version, db size, is leader, is learner, raft term, raft index, raft applied index, errors.
`,
  run(inv) {
    const client = mustClient(inv);
    if (!client) return;
    const eps = endpointsFromCluster(inv, client);
    if (!eps) return;
    const list: EpStatus[] = [];
    let failed = false;
    for (const ep of eps) {
      const member = resolveEndpoint(client.sim, ep);
      const resp = request(client, client.commandTimeoutTicks, (o) => client.etcd.status(o), member);
      if (!resp.ok) {
        failed = true;
        inv.term.printErr(`Failed to get the status of endpoint ${ep} (${resp.error.message})\n`);
        continue;
      }
      list.push({ ep, resp: resp.value });
    }
    client.printer.endpointStatus(list);
    if (failed) inv.term.exit(EXIT_ERROR);
  },
};

export const endpointCommand: Command<EtcdctlEnv> = {
  use: 'endpoint <subcommand>',
  short: 'Endpoint related commands',
  persistentFlags: [{ name: 'cluster', kind: 'bool', defValue: 'false', usage: 'use all endpoints from the cluster member list' }],
  children: [
    health,
    status,
    {
      use: 'hashkv',
      short: 'Prints the KV history hash for each endpoint in --endpoints',
      persistentFlags: [{ name: 'rev', kind: 'int64', defValue: '0', usage: 'maximum revision to hash (default: all revisions)' }],
      run: (inv) => inv.term.exitWithError(EXIT_ERROR, '"etcdctl endpoint hashkv" is not available in this simulation'),
    },
  ],
};
