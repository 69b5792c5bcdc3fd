// `kubectl create service` against the real kubectl 1.32 (../testdata/real-1.32-create-service/,
// recorded by ../testdata/capture-create-service.sh against label-stub.mjs behind a proxy
// that decodes kubectl's protobuf body): each recording replayed through the runner in a
// simulated cluster holding the scenario's objects, its POST byte for byte (the body as
// JSON; kubectl sends it as protobuf) and what it prints (see requests.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRequest } from '../../../apiserver/server';
import { runCommandLine } from '../../command-line';
import { captureCommandLine } from '../../testkit/captures';
import { parseRecording, recordingPort, requestLine, scenario as scenarioOf, recordingNames } from './replay-testkit';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-create-service');
const readRecording = (name: string) => parseRecording(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
const scenario = () => scenarioOf(readFileSync(join(DIR, 'scenario.json'), 'utf8'));

/** klog's time and process id, which differ on every run of the real kubectl. */
const klogStamp = (text: string): string => text.replace(/^([EWI])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm, '$1MMDD hh:mm:ss.uuuuuu PID ');
/** The content type kubectl sends a create in; the body is logged as JSON either way. */
const asJson = (line: string): string => line.replace(' [application/vnd.kubernetes.protobuf] ', ' [application/json] ');

/**
 * The stub accepts what a real API server refuses (it validates nothing): these answers are
 * the simulated API server's — written from the Go code a 1.32 server runs, not recorded —
 * for ValidateObjectMeta's DNS-1035 name, validateServicePort's IsValidPortNum, and the node
 * port allocator's refusal of a port already taken, wrapped as kubectl wraps them.
 */
const STUB_ACCEPTS_INVALID: Record<string, string> = {
  'clusterip-port-zero':
    'error: failed to create ClusterIP service: Service "web2" is invalid: [spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive]\n',
  'clusterip-invalid-name':
    'error: failed to create ClusterIP service: Service "Web_2" is invalid: metadata.name: Invalid value: "Web_2": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')\n',
  // the Service store allocates node ports (BeginCreate) before ValidateService runs
  'nodeport-node-port-two-ports': 'error: failed to create NodePort service: Service "web2" is invalid: spec.ports[1].nodePort: Invalid value: 30080: provided port is already allocated\n',
};
/** -o yaml of what the server answered: the stub echoes the body, a real server fills in the cluster IP, IP families, session affinity and so on, as the simulated one does. */
const SERVER_ANSWER = new Set(['clusterip-dry-run-server-yaml', 'clusterip-output-yaml']);

describe('kubectl create service, against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-create-service.sh'), 'utf8');
  const names = recordingNames(script);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  for (const name of names) {
    const rec = readRecording(name);
    it(`${name}: ${rec.command}`, () => {
      const { ports, local } = scenario();
      // the recordings' `-n other` (the stub serves any namespace)
      expect(runCommandLine('kubectl create namespace other', undefined, ports, {}).exitCode).toBe(0);
      const sent: ServerRequest[] = [];
      const out = runCommandLine(local(captureCommandLine(rec.command)), undefined, { ...ports, kube: recordingPort(ports, sent) }, {});
      const invalid = STUB_ACCEPTS_INVALID[name];
      if (invalid !== undefined) expect(out).toEqual({ stdout: '', stderr: invalid, exitCode: 1 });
      else if (SERVER_ANSWER.has(name)) {
        expect({ ...out, stdout: '' }).toEqual({ stdout: '', stderr: local(rec.stderr), exitCode: rec.exit });
        expect(out.stdout).toMatch(/^apiVersion: v1\nkind: Service\nmetadata:\n {2}creationTimestamp: "[^"]+"\n {2}labels:\n {4}app: web2\n {2}name: web2\n {2}namespace: default\n[\s\S]*\n {2}ports:\n {2}- name: 80-8080\n {4}port: 80\n {4}protocol: TCP\n {4}targetPort: 8080\n[\s\S]*\n {2}type: ClusterIP\nstatus:\n {2}loadBalancer: \{\}\n$/);
      } else expect({ ...out, stderr: klogStamp(out.stderr) }).toEqual({ stdout: local(rec.stdout), stderr: klogStamp(local(rec.stderr)), exitCode: rec.exit });
      expect(sent.map(requestLine).filter((l): l is string => l !== undefined)).toEqual(rec.writes.map(local).map(asJson));
    });
  }
});
