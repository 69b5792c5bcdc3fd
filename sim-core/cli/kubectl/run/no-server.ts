// What kubectl 1.32 prints with no cluster configured (an empty KUBECONFIG: client-go falls
// back to http://localhost:8080), recorded from /usr/bin/kubectl 1.32.4. The etcd-only
// topology has no API server, so this is the honest answer there. Discovery
// (memcache.go) logs one klog line per failed attempt to list the API groups: four for
// most commands, one more per resource type for `get`, five for describe/delete/label/
// annotate/expose; commands that validate a file first fail on the OpenAPI download instead.
import type { CommandOutput } from '../../ports';
import { klogLine } from '../parse';
import type { KubectlCommand } from '../parse';
import { buildService, SERVICE_TYPE_OF } from './create-service';

const DIAL = 'dial tcp 127.0.0.1:8080: connect: connection refused';
const REFUSED = 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n';

/** A typed client's refused POST of a `create` subcommand's object, as Go's url.Error prints it. */
function refusedPost(cmd: KubectlCommand, apiPath: string, resource: string): string {
  const dry = cmd.dryRun === 'server' ? 'dryRun=All&' : '';
  return `Post "http://localhost:8080${apiPath}/namespaces/${cmd.namespace ?? 'default'}/${resource}?${dry}fieldManager=kubectl-create&fieldValidation=Strict": ${DIAL}`;
}

function discoveryLines(now: number, count: number): string {
  const line = klogLine(
    'E',
    now,
    'memcache.go:265',
    `"Unhandled Error" err="couldn't get current server API group list: Get \\"http://localhost:8080/api?timeout=32s\\": ${DIAL}"`,
  );
  return `${line}\n`.repeat(count);
}

function sourceName(path: string): string {
  return path === '-' ? 'STDIN' : path;
}

/** `kubectl run` once its flags are checked: the REST mapping's discovery fails once. */
export function runWithoutServer(now: number): string {
  return discoveryLines(now, 1) + REFUSED;
}

/**
 * `sources`: the files the objects were read from, in reading order (a file with no object
 * is never validated). Each file fails its OpenAPI validation; kubectl's CheckErr prints one
 * error with `error: `, several as bare lines.
 */
export function noServerOutput(cmd: KubectlCommand, now: number, sources: readonly string[] = cmd.filenames): CommandOutput {
  const fail = (stderr: string): CommandOutput => ({ stdout: '', stderr, exitCode: 1 });
  const file = cmd.filenames[0];
  switch (cmd.command) {
    case 'apply':
    case 'create': {
      const files = [...new Set(sources)];
      const lines = (files.length > 0 ? files : [file ?? '']).map(
        (f) =>
          `error validating "${sourceName(f)}": error validating data: failed to download openapi: ` +
          `Get "http://localhost:8080/openapi/v2?timeout=32s": ${DIAL}; if you choose to ignore these errors, turn validation off with --validate=false\n`,
      );
      return fail(lines.length === 1 ? `error: ${lines[0]!}` : lines.join(''));
    }
    case 'create deployment':
      return fail(`error: failed to create deployment: ${refusedPost(cmd, '/apis/apps/v1', 'deployments')}\n`);
    case 'create namespace':
      // a typed client: no discovery, the POST is refused
      return fail(REFUSED);
    // typed clients too, whose refused POST each wraps in its own words; a Service's own
    // checks come first
    case 'create configmap':
      return fail(`error: failed to create configmap: ${refusedPost(cmd, '/api/v1', 'configmaps')}\n`);
    case 'create secret generic':
      return fail(`error: failed to create secret ${refusedPost(cmd, '/api/v1', 'secrets')}\n`);
    case 'create serviceaccount':
      return fail(`error: failed to create serviceaccount: ${refusedPost(cmd, '/api/v1', 'serviceaccounts')}\n`);
    case 'create service clusterip':
    case 'create service nodeport':
    case 'create service loadbalancer':
    case 'create service externalname': {
      const type = SERVICE_TYPE_OF[cmd.command]!;
      const built = buildService(cmd, type);
      return fail(built.ok ? `error: failed to create ${type} service: ${refusedPost(cmd, '/api/v1', 'services')}\n` : `error: ${built.error}\n`);
    }
    default:
      break;
  }
  if (file !== undefined && (cmd.command === 'get' || cmd.command === 'delete' || cmd.command === 'describe')) {
    const prefix = cmd.command === 'get' ? '' : 'error: ';
    return fail(discoveryLines(now, 1) + `${prefix}unable to recognize "${sourceName(file)}": Get "http://localhost:8080/api?timeout=32s": ${DIAL}\n`);
  }
  let count = 4;
  if (cmd.command === 'get') count = 4 + new Set(cmd.targets.map((t) => t.def.resource)).size;
  else if (cmd.command === 'describe' || cmd.command === 'delete' || cmd.command === 'label' || cmd.command === 'annotate' || cmd.command === 'expose') count = 5;
  return fail(discoveryLines(now, count) + REFUSED);
}
