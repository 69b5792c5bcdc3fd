// The parts of kubernetes/pkg/apis/core/validation/validation.go (release 1.32) that the
// simulation's learners run into: containers (name, image, ports, pull policy, resources),
// restart/DNS policy, grace period, nodeSelector, tolerations, service account name.
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from './fieldErrors';
import { inclusiveRangeError, isDNS1123Label, isDNS1123Subdomain } from './nameRules';
import { validateAnnotations, validateLabels } from './objectMeta';
import { parseQuantity } from './quantity';
import type { Container, PodSpec, PodTemplateSpec } from './podSpec';
import { validateAffinity, validateLifecycle, validateProbe } from './schedulingValidation';

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'] as const;
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'] as const;
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'] as const;
const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] as const;

export function validateNonnegative(value: number | undefined, field: string): FieldError[] {
  return value !== undefined && value < 0 ? [invalid(field, value, 'must be greater than or equal to 0')] : [];
}

function validatePort(port: number | undefined, field: string): FieldError[] {
  if (port === undefined || port === 0) return [required(field)];
  return port < 1 || port > 65535 ? [invalid(field, port, inclusiveRangeError(1, 65535))] : [];
}

function validateResources(c: Container, field: string): FieldError[] {
  const errs: FieldError[] = [];
  const limits = c.resources?.limits ?? {};
  const requests = c.resources?.requests ?? {};
  for (const [group, list] of [
    ['limits', limits],
    ['requests', requests],
  ] as const) {
    for (const name of Object.keys(list).sort()) {
      const parsed = parseQuantity(list[name] ?? '');
      if (parsed.ok && parsed.quantity.milli < 0n) {
        errs.push(invalid(`${field}.${group}[${name}]`, String(list[name]), 'must be greater than or equal to 0'));
      }
    }
  }
  for (const name of Object.keys(requests).sort()) {
    const req = parseQuantity(requests[name] ?? '');
    const lim = name in limits ? parseQuantity(limits[name] ?? '') : undefined;
    if (req.ok && lim?.ok && req.quantity.milli > lim.quantity.milli) {
      errs.push(
        invalid(
          `${field}.requests[${name}]`,
          req.quantity.text,
          `must be less than or equal to ${name} limit of ${lim.quantity.text}`,
        ),
      );
    }
  }
  return errs;
}

function validateContainers(containers: readonly Container[] | undefined, field: string, gracePeriod: number | undefined, init = false): FieldError[] {
  const list = containers ?? [];
  if (list.length === 0 && !init) return [required(field)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list.forEach((c, i) => {
    const path = `${field}[${i}]`;
    const name = c.name ?? '';
    if (name.length === 0) errs.push(required(`${path}.name`));
    else {
      for (const msg of isDNS1123Label(name)) errs.push(invalid(`${path}.name`, name, msg));
      if (seen.has(name)) errs.push(duplicate(`${path}.name`, name));
      seen.add(name);
    }
    if ((c.image ?? '').length === 0) errs.push(required(`${path}.image`));
    else if (c.image !== c.image?.trim()) {
      errs.push(invalid(`${path}.image`, c.image, 'must not have leading or trailing whitespace'));
    }
    (c.ports ?? []).forEach((p, j) => {
      const portPath = `${path}.ports[${j}]`;
      errs.push(...validatePort(p.containerPort, `${portPath}.containerPort`));
      if (p.hostPort !== undefined && p.hostPort !== 0) errs.push(...validatePort(p.hostPort, `${portPath}.hostPort`));
      if (!p.protocol) errs.push(required(`${portPath}.protocol`));
      else if (!(PROTOCOLS as readonly string[]).includes(p.protocol)) {
        errs.push(notSupported(`${portPath}.protocol`, p.protocol, PROTOCOLS));
      }
    });
    (c.env ?? []).forEach((e, j) => {
      if (!e.name) errs.push(required(`${path}.env[${j}].name`));
    });
    errs.push(...validateResources(c, `${path}.resources`));
    if (init && c.restartPolicy !== 'Always') {
      // validateInitContainers: only a sidecar (restartPolicy Always) may have hooks and probes
      const notForInit = 'may not be set for init containers without restartPolicy=Always';
      if (c.lifecycle) errs.push(forbidden(`${path}.lifecycle`, notForInit));
      if (c.livenessProbe) errs.push(forbidden(`${path}.livenessProbe`, notForInit));
      if (c.readinessProbe) errs.push(forbidden(`${path}.readinessProbe`, 'may not be set for init containers'));
      if (c.startupProbe) errs.push(forbidden(`${path}.startupProbe`, notForInit));
    } else {
      errs.push(...validateLifecycle(c.lifecycle, `${path}.lifecycle`, gracePeriod));
      errs.push(...validateProbe(c.livenessProbe, `${path}.livenessProbe`, 'liveness'));
      errs.push(...validateProbe(c.readinessProbe, `${path}.readinessProbe`, 'readiness'));
      errs.push(...validateProbe(c.startupProbe, `${path}.startupProbe`, 'startup'));
    }
    if (c.imagePullPolicy === undefined || c.imagePullPolicy === '') errs.push(required(`${path}.imagePullPolicy`));
    else if (!(PULL_POLICIES as readonly string[]).includes(c.imagePullPolicy)) {
      errs.push(notSupported(`${path}.imagePullPolicy`, c.imagePullPolicy, PULL_POLICIES));
    }
  });
  return errs;
}

/** ValidatePodSpec, for a defaulted spec (policies are required because defaulting sets them). */
export function validatePodSpec(spec: PodSpec | undefined, field: string): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  errs.push(...validateContainers(s.containers, `${field}.containers`, s.terminationGracePeriodSeconds));
  if (s.initContainers) errs.push(...validateContainers(s.initContainers, `${field}.initContainers`, s.terminationGracePeriodSeconds, true));
  if (!s.restartPolicy) errs.push(required(`${field}.restartPolicy`));
  else if (!(RESTART_POLICIES as readonly string[]).includes(s.restartPolicy)) {
    errs.push(notSupported(`${field}.restartPolicy`, s.restartPolicy, RESTART_POLICIES));
  }
  if (!s.dnsPolicy) errs.push(required(`${field}.dnsPolicy`));
  else if (!(DNS_POLICIES as readonly string[]).includes(s.dnsPolicy)) {
    errs.push(notSupported(`${field}.dnsPolicy`, s.dnsPolicy, DNS_POLICIES));
  }
  errs.push(...validateLabels(s.nodeSelector, `${field}.nodeSelector`));
  if (s.serviceAccountName) {
    for (const msg of isDNS1123Subdomain(s.serviceAccountName)) {
      errs.push(invalid(`${field}.serviceAccountName`, s.serviceAccountName, msg));
    }
  }
  if (s.nodeName) {
    for (const msg of isDNS1123Subdomain(s.nodeName)) errs.push(invalid(`${field}.nodeName`, s.nodeName, msg));
  }
  errs.push(...validateNonnegative(s.terminationGracePeriodSeconds, `${field}.terminationGracePeriodSeconds`));
  errs.push(...validateAffinity(s.affinity, `${field}.affinity`));
  (s.tolerations ?? []).forEach((t, i) => {
    const path = `${field}.tolerations[${i}]`;
    if (t.operator && t.operator !== 'Exists' && t.operator !== 'Equal') {
      errs.push(notSupported(`${path}.operator`, t.operator, ['Equal', 'Exists']));
    }
    if (t.operator === 'Exists' && t.value) {
      errs.push(invalid(`${path}.operator`, t.operator, 'value must be empty when `operator` is \'Exists\''));
    }
    if (t.effect && !(TAINT_EFFECTS as readonly string[]).includes(t.effect)) {
      errs.push(notSupported(`${path}.effect`, t.effect, TAINT_EFFECTS));
    }
    if (t.tolerationSeconds !== undefined && t.effect !== 'NoExecute') {
      errs.push(invalid(`${path}.effect`, t.effect ?? '', 'effect must be \'NoExecute\' when `tolerationSeconds` is set'));
    }
  });
  return errs;
}

/** ValidatePodTemplateSpec: template labels/annotations, then the spec. */
export function validatePodTemplateSpec(template: PodTemplateSpec | undefined, field: string): FieldError[] {
  const t = template ?? {};
  return [
    ...validateLabels(t.metadata?.labels, `${field}.metadata.labels`),
    ...validateAnnotations(t.metadata?.annotations, `${field}.metadata.annotations`),
    ...validatePodSpec(t.spec, `${field}.spec`),
  ];
}
