// kube-proxy/: one per node. The rule table from Services and EndpointSlices, curl through
// it, and the process that keeps the table in step with the API server.
export { buildRuleTable, describeRules, type ServiceRule, type EndpointTarget } from './rules';
export { curl, parseCurlTarget, resolveService, type BackendInfo, type BackendLookup, type CurlTarget } from './curl';
export { responseFrom, connectionRefused, couldNotResolve, connectTimeout, type CurlOutcome } from './responses';
export { KubeProxy, podBackend, type KubeProxyOptions } from './proxy';
export { KubeProxyProcess, kubeProxyAddress, type KubeProxyProcessOptions } from './process';
