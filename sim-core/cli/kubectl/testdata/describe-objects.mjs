// Builds the simulated cluster of describe-cluster.ts and writes, into the folder given as
// the first argument, objects.json — every object capture-describe.sh describes, as
// `kubectl get … -o json` prints it — and discovery.json, the simulated API server's
// discovery documents (for PORT) that object-stub.mjs serves. Run with tsx from the
// repository root (it imports the TypeScript sources):
//   npx tsx sim-core/cli/kubectl/testdata/describe-objects.mjs DIR PORT
import fs from 'node:fs';
import path from 'node:path';
import { discoveryDocuments } from '../../../apiserver/index.ts';
import { buildDescribeCluster } from './describe-cluster.ts';

const [dir, port] = process.argv.slice(2);
if (!dir || !port) throw new Error('usage: describe-objects.mjs DIR PORT');

const { run } = buildDescribeCluster();
const get = (args) => JSON.parse(run(`kubectl get ${args} -o json`));
const objects = [
  get('endpoints kubernetes'),
  get('endpoints web'),
  ...get('endpointslices -l kubernetes.io/service-name=web').items,
  get('endpointslice kubernetes'),
  get('serviceaccount default'),
  get('serviceaccount builder'),
  ...get('secrets').items,
  get('clusterrole view'),
  get('clusterrole system:node'),
  get('clusterrole system:discovery'),
  get('clusterrole system:kube-scheduler'),
  get('clusterrole cluster-admin'),
  get('clusterrole ops-reader'),
  get('clusterrolebinding cluster-admin'),
  get('clusterrolebinding ops-readers'),
  get('role pod-reader'),
  get('rolebinding read-pods'),
  get('lease -n kube-system kube-controller-manager'),
  get('lease -n kube-system kube-scheduler'),
  get('lease -n kube-node-lease node-1'),
  get('lease -n kube-node-lease node-2'),
  get('lease demo-lock'),
  ...get('events -n kube-system').items.filter((e) => e.involvedObject?.name === 'kube-controller-manager'),
  ...get('events').items.filter((e) => e.reason === 'Pulled').slice(0, 1),
];
fs.writeFileSync(path.join(dir, 'objects.json'), `${JSON.stringify(objects, null, 1)}\n`);
fs.writeFileSync(path.join(dir, 'discovery.json'), `${JSON.stringify(discoveryDocuments(`127.0.0.1:${port}`), null, 1)}\n`);
