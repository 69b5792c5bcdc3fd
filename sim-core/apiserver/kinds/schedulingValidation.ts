// Validation of probes and node affinity (pkg/apis/core/validation, release 1.32):
// the parts of a PodSpec the simulated kubelet and scheduler act on.
import { forbidden, invalid, notSupported, required, type FieldError } from './fieldErrors';
import { inclusiveRangeError, isQualifiedName, isValidPortName, regexError } from './nameRules';
import type { Lifecycle, PodSpec, Probe } from './podSpec';

type NodeSelectorTerm = NonNullable<
  NonNullable<NonNullable<PodSpec['affinity']>['nodeAffinity']>['requiredDuringSchedulingIgnoredDuringExecution']
>['nodeSelectorTerms'];

type Handler = Pick<Probe, 'exec' | 'httpGet' | 'tcpSocket' | 'grpc'> & { sleep?: { seconds?: number } };

/** ValidatePortNumOrName. */
function validatePortNumOrName(port: number | string | undefined, field: string): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((msg) => invalid(field, port, msg));
  const n = port ?? 0;
  return n < 1 || n > 65535 ? [invalid(field, n, inclusiveRangeError(1, 65535))] : [];
}

const HTTP_HEADER_NAME = /^[-A-Za-z0-9]+$/;

/**
 * validateSleepAction with the PodLifecycleSleepActionAllowZero gate off (alpha, off by
 * default in 1.32): a sleep lasts at least a second and no longer than the Pod's
 * terminationGracePeriodSeconds (equal is allowed, whatever the text says). No grace
 * period, no check: validatePodSpec reports that one.
 */
function validateSleepAction(sleep: { seconds?: number }, gracePeriod: number | undefined, field: string): FieldError[] {
  const seconds = sleep.seconds ?? 0;
  if (gracePeriod === undefined || (seconds > 0 && seconds <= gracePeriod)) return [];
  return [invalid(field, seconds, `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`)];
}

/**
 * validateHandler: exactly one of exec, httpGet, tcpSocket, grpc (probes) or sleep
 * (lifecycle hooks); the first is checked, any other is Forbidden at its own path.
 * `gracePeriod`: the Pod's terminationGracePeriodSeconds, which bounds a sleep.
 */
function validateHandler(handler: Handler, field: string, gracePeriod?: number): FieldError[] {
  const errs: FieldError[] = [];
  let handlers = 0;
  const one = (name: string, present: boolean, check: () => FieldError[]) => {
    if (!present) return;
    if (handlers > 0) errs.push(forbidden(`${field}.${name}`, 'may not specify more than 1 handler type'));
    else {
      handlers++;
      errs.push(...check());
    }
  };
  one('exec', handler.exec !== undefined, () => ((handler.exec?.command ?? []).length === 0 ? [required(`${field}.exec.command`)] : []));
  one('httpGet', handler.httpGet !== undefined, () => {
    const h = handler.httpGet!;
    const path = `${field}.httpGet`;
    const out: FieldError[] = [];
    if (!h.path) out.push(required(`${path}.path`));
    out.push(...validatePortNumOrName(h.port, `${path}.port`));
    if (h.scheme !== 'HTTP' && h.scheme !== 'HTTPS') out.push(notSupported(`${path}.scheme`, h.scheme ?? '', ['HTTP', 'HTTPS']));
    for (const header of h.httpHeaders ?? []) {
      if (!HTTP_HEADER_NAME.test(header.name ?? '')) out.push(invalid(`${path}.httpHeaders`, header.name ?? '', regexError("a valid HTTP header must consist of alphanumeric characters or '-'", '[-A-Za-z0-9]+', 'X-Header-Name')));
    }
    return out;
  });
  one('tcpSocket', handler.tcpSocket !== undefined, () => validatePortNumOrName(handler.tcpSocket?.port, `${field}.tcpSocket.port`));
  one('grpc', handler.grpc !== undefined, () => validatePortNumOrName(handler.grpc?.port ?? 0, `${field}.grpc.port`));
  one('sleep', handler.sleep !== undefined, () => validateSleepAction(handler.sleep ?? {}, gracePeriod, `${field}.sleep`));
  if (handlers === 0) errs.push(required(field, 'must specify a handler type'));
  return errs;
}

/** validateLivenessProbe, validateReadinessProbe, validateStartupProbe: validateProbe and what each kind adds. */
export function validateProbe(probe: Probe | undefined, field: string, kind: 'liveness' | 'readiness' | 'startup'): FieldError[] {
  if (probe === undefined) return [];
  const errs = validateHandler({ exec: probe.exec, httpGet: probe.httpGet, tcpSocket: probe.tcpSocket, grpc: probe.grpc }, field);
  for (const key of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    const v = probe[key];
    if (v !== undefined && v < 0) errs.push(invalid(`${field}.${key}`, v, 'must be greater than or equal to 0'));
  }
  if (probe.terminationGracePeriodSeconds !== undefined && probe.terminationGracePeriodSeconds <= 0) {
    errs.push(invalid(`${field}.terminationGracePeriodSeconds`, probe.terminationGracePeriodSeconds, 'must be greater than 0'));
  }
  if (kind !== 'readiness' && probe.successThreshold !== undefined && probe.successThreshold !== 1) {
    errs.push(invalid(`${field}.successThreshold`, probe.successThreshold, 'must be 1'));
  }
  if (kind === 'readiness' && probe.terminationGracePeriodSeconds !== undefined) {
    errs.push(invalid(`${field}.terminationGracePeriodSeconds`, probe.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
  }
  return errs;
}

/** validateLifecycle: each hook is a handler; a sleep in either is bounded by the Pod's grace period. */
export function validateLifecycle(lifecycle: Lifecycle | undefined, field: string, gracePeriod: number | undefined): FieldError[] {
  if (lifecycle === undefined) return [];
  const errs: FieldError[] = [];
  if (lifecycle.postStart) errs.push(...validateHandler(lifecycle.postStart, `${field}.postStart`, gracePeriod));
  if (lifecycle.preStop) errs.push(...validateHandler(lifecycle.preStop, `${field}.preStop`, gracePeriod));
  return errs;
}

function validateNodeSelectorTerms(terms: NodeSelectorTerm, field: string): FieldError[] {
  const list = terms ?? [];
  if (list.length === 0) return [required(`${field}.nodeSelectorTerms`, 'must have at least one node selector term')];
  const errs: FieldError[] = [];
  list.forEach((term, i) => {
    (term.matchExpressions ?? []).forEach((req, j) => {
      const path = `${field}.nodeSelectorTerms[${i}].matchExpressions[${j}]`;
      const values = req.values ?? [];
      switch (req.operator) {
        case 'In':
        case 'NotIn':
          if (values.length === 0) errs.push(required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
          break;
        case 'Exists':
        case 'DoesNotExist':
          if (values.length > 0) {
            errs.push(forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
          }
          break;
        case 'Gt':
        case 'Lt':
          if (values.length !== 1) {
            errs.push(required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
          }
          break;
        default:
          errs.push(invalid(`${path}.operator`, req.operator ?? '', 'not a valid selector operator'));
      }
      for (const msg of isQualifiedName(req.key ?? '')) errs.push(invalid(`${path}.key`, req.key ?? '', msg));
    });
  });
  return errs;
}

export function validateAffinity(affinity: PodSpec['affinity'], field: string): FieldError[] {
  const required = affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const errs: FieldError[] = [];
  if (required) {
    errs.push(
      ...validateNodeSelectorTerms(required.nodeSelectorTerms, `${field}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`),
    );
  }
  (affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((p, i) => {
    const path = `${field}.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
    if (p.weight === undefined || p.weight < 1 || p.weight > 100) {
      errs.push(invalid(`${path}.weight`, p.weight ?? 0, 'must be in the range 1-100'));
    }
  });
  return errs;
}
