// A Service as a 1.32 API server defaults and validates it (SetDefaults_Service,
// ValidateService): the texts a learner's manifest gets back, in Go's order.
import { describe, expect, it } from 'vitest';
import { admitForCreate } from './index';
import { specialIPDetails, isCIDR } from './ipAddress';

const service = (spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', ...metadata }, spec });
const refusal = (spec: Record<string, unknown>, metadata?: Record<string, unknown>) => {
  const r = admitForCreate(service(spec, metadata));
  return r.ok ? 'accepted' : r.message;
};
const admitted = (spec: Record<string, unknown>) => {
  const r = admitForCreate(service(spec));
  if (!r.ok) throw new Error(r.message);
  return r.object.spec as Record<string, unknown>;
};

describe('Service defaulting', () => {
  it('gives ClientIP affinity its three-hour timeout and drops an affinity config under None', () => {
    expect(admitted({ sessionAffinity: 'ClientIP', ports: [{ port: 80 }] }).sessionAffinityConfig).toEqual({ clientIP: { timeoutSeconds: 10800 } });
    expect(admitted({ sessionAffinityConfig: { clientIP: { timeoutSeconds: 5 } }, ports: [{ port: 80 }] }).sessionAffinityConfig).toBeUndefined();
  });

  it('sets externalTrafficPolicy on what is externally accessible, and allocateLoadBalancerNodePorts on a LoadBalancer', () => {
    expect(admitted({ ports: [{ port: 80 }] }).externalTrafficPolicy).toBeUndefined();
    expect(admitted({ externalIPs: ['192.0.2.10'], ports: [{ port: 80 }] }).externalTrafficPolicy).toBe('Cluster');
    const lb = admitted({ type: 'LoadBalancer', ports: [{ port: 80 }] });
    expect([lb.externalTrafficPolicy, lb.allocateLoadBalancerNodePorts, lb.internalTrafficPolicy]).toEqual(['Cluster', true, 'Cluster']);
    expect(admitted({ type: 'ExternalName', externalName: 'example.com' }).internalTrafficPolicy).toBeUndefined();
    // not dropped either: 1.32 keeps one a learner sets (validation does not forbid it, for historical reasons)
    expect(admitted({ type: 'ExternalName', externalName: 'example.com', internalTrafficPolicy: 'Local' }).internalTrafficPolicy).toBe('Local');
  });

  it('stores no ports list when there are no ports (ServiceSpec.ports is omitempty)', () => {
    expect('ports' in admitted({ type: 'ExternalName', externalName: 'example.com' })).toBe(false);
    expect('ports' in admitted({ type: 'ExternalName', externalName: 'example.com', ports: [] })).toBe(false);
    expect('ports' in admitted({ clusterIP: 'None', selector: { app: 'db' } })).toBe(false);
    expect(admitted({ ports: [{ port: 80 }] }).ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 80 }]);
  });
});

describe('ValidateService', () => {
  it('refuses a port pair asked twice with the %#v of the key Go builds, after the name checks', () => {
    // what `kubectl create svc clusterip two-ports --tcp 80:80,443,443` gets from a real 1.32 server
    expect(refusal({ ports: [{ name: '80-80', port: 80 }, { name: '443', port: 443 }, { name: '443', port: 443 }] })).toBe(
      'The Service "web" is invalid: \n* spec.ports[2].name: Duplicate value: "443"\n* spec.ports[2]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:443, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
    );
    expect(refusal({ ports: [{ name: 'tcp', port: 53 }, { name: 'udp', port: 53, protocol: 'UDP' }] })).toBe('accepted');
  });

  it('keeps a 1.32 LoadBalancer off the kubelet port and refuses a headless NodePort or LoadBalancer', () => {
    expect(refusal({ type: 'LoadBalancer', clusterIP: 'None', ports: [{ port: 10250 }] })).toBe(
      'The Service "web" is invalid: \n* spec.ports[0]: Invalid value: 10250: may not expose port 10250 externally since it is used by kubelet\n* spec.clusterIPs[0]: Invalid value: "None": may not be set to \'None\' for LoadBalancer services',
    );
    expect(refusal({ type: 'NodePort', clusterIP: 'None', ports: [{ port: 80 }] })).toBe('The Service "web" is invalid: spec.clusterIPs[0]: Invalid value: "None": may not be set to \'None\' for NodePort services');
    expect(refusal({ type: 'NodePort', ports: [{ port: 10250 }] })).toBe('accepted');
  });

  it('asks an ExternalName Service for a DNS name (a trailing dot allowed) and no cluster IP', () => {
    expect(refusal({ type: 'ExternalName' })).toBe('The Service "web" is invalid: spec.externalName: Required value');
    expect(refusal({ type: 'ExternalName', externalName: 'db.example.com.' })).toBe('accepted');
    expect(refusal({ type: 'ExternalName', externalName: 'db.example.com', clusterIP: '10.96.0.20' })).toBe('The Service "web" is invalid: spec.clusterIPs: Forbidden: may not be set for ExternalName services');
    expect(refusal({ type: 'ExternalName', externalName: 'Bad_Name.' })).toMatch(/^The Service "web" is invalid: spec.externalName: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
  });

  it('checks a named target port as an IANA service name and an appProtocol as a qualified name', () => {
    expect(refusal({ ports: [{ port: 80, targetPort: 'http' }] })).toBe('accepted');
    expect(refusal({ ports: [{ port: 80, targetPort: 'Web--Port' }] })).toBe(
      'The Service "web" is invalid: \n* spec.ports[0].targetPort: Invalid value: "Web--Port": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)\n* spec.ports[0].targetPort: Invalid value: "Web--Port": must not contain consecutive hyphens',
    );
    expect(refusal({ ports: [{ port: 80, appProtocol: 'kubernetes.io/h2c' }] })).toBe('accepted');
    expect(refusal({ ports: [{ port: 80, appProtocol: 'a b' }] })).toMatch(/^The Service "web" is invalid: spec.ports\[0\].appProtocol: Invalid value: "a b": name part must consist of alphanumeric/);
  });

  it('keeps the LoadBalancer-only fields on LoadBalancers and node ports off ClusterIP', () => {
    expect(refusal({ ports: [{ port: 80, nodePort: 30001 }], loadBalancerSourceRanges: ['10.0.0.0/8'], loadBalancerClass: 'example.com/lb' })).toBe(
      "The Service \"web\" is invalid: \n* spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'\n* spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'\n* spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
    );
    expect(refusal({ type: 'LoadBalancer', ports: [{ port: 80 }], loadBalancerSourceRanges: [' 10.0.0.0/8', '10.0.0.0/33'] })).toBe(
      'The Service "web" is invalid: spec.LoadBalancerSourceRanges[1]: Invalid value: "10.0.0.0/33": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    );
    expect(refusal({ ports: [{ port: 80 }], allocateLoadBalancerNodePorts: false })).toBe("The Service \"web\" is invalid: spec.allocateLoadBalancerNodePorts: Forbidden: may only be used when `type` is 'LoadBalancer'");
  });

  it('checks the traffic policies, the health-check node port and the affinity timeout', () => {
    expect(refusal({ ports: [{ port: 80 }], externalTrafficPolicy: 'Local' })).toBe('The Service "web" is invalid: spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services');
    expect(refusal({ type: 'NodePort', ports: [{ port: 80 }], externalTrafficPolicy: 'Nearby', internalTrafficPolicy: 'Far' })).toBe(
      'The Service "web" is invalid: \n* spec.externalTrafficPolicy: Unsupported value: "Nearby": supported values: "Cluster", "Local"\n* spec.internalTrafficPolicy: Unsupported value: "Far": supported values: "Cluster", "Local"',
    );
    expect(refusal({ type: 'NodePort', ports: [{ port: 80 }], healthCheckNodePort: 30100 })).toBe(
      "The Service \"web\" is invalid: spec.healthCheckNodePort: Invalid value: 30100: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
    );
    expect(refusal({ ports: [{ port: 80 }], sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 90000 } } })).toBe(
      'The Service "web" is invalid: spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 90000: must be greater than 0 and less than 86400',
    );
    expect(refusal({ ports: [{ port: 80 }], trafficDistribution: 'Anywhere' })).toBe('The Service "web" is invalid: spec.trafficDistribution: Unsupported value: "Anywhere": supported values: "PreferClose"');
  });

  it('refuses special external IPs and mismatched topology annotations', () => {
    expect(refusal({ ports: [{ port: 80 }], externalIPs: ['127.0.0.1', 'x'] })).toBe(
      'The Service "web" is invalid: \n* spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)\n* spec.externalIPs[1]: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    );
    expect(refusal({ ports: [{ port: 80 }] }, { annotations: { 'service.kubernetes.io/topology-mode': 'Auto', 'service.kubernetes.io/topology-aware-hints': 'auto' } })).toBe(
      'The Service "web" is invalid: metadata.annotations[service.kubernetes.io/topology-mode]: Invalid value: "Auto": must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified',
    );
  });

  it('knows the special address ranges of both families, and CIDRs', () => {
    expect(specialIPDetails('0.0.0.0')).toEqual(['may not be unspecified (0.0.0.0)']);
    expect(specialIPDetails('169.254.1.1')).toEqual(['may not be in the link-local range (169.254.0.0/16, fe80::/10)']);
    expect(specialIPDetails('224.0.0.5')).toEqual(['may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']);
    expect(specialIPDetails('::1')).toEqual(['may not be in the loopback range (127.0.0.0/8, ::1/128)']);
    expect(specialIPDetails('fe80::1')).toEqual(['may not be in the link-local range (169.254.0.0/16, fe80::/10)']);
    expect(specialIPDetails('ff02::1')).toEqual(['may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']);
    expect(specialIPDetails('224.0.1.5')).toEqual([]);
    expect(specialIPDetails('10.1.2.3')).toEqual([]);
    expect(['10.0.0.0/8', '2001:db8::/64', '10.0.0.0/32', '::ffff:10.0.0.0/104'].every(isCIDR)).toBe(true);
    expect(['10.0.0.0', '10.0.0.0/33', '10.0.0.0/-1', 'x/8', '2001:db8::/129'].some(isCIDR)).toBe(false);
  });
});
