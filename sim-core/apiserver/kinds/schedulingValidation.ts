// Validation of probes and node affinity (pkg/apis/core/validation, release 1.32):
// the parts of a PodSpec the simulated kubelet and scheduler act on.
import { forbidden, invalid, required, type FieldError } from './fieldErrors';
import { isQualifiedName } from './nameRules';
import type { PodSpec, Probe } from './podSpec';

type NodeSelectorTerm = NonNullable<
  NonNullable<NonNullable<PodSpec['affinity']>['nodeAffinity']>['requiredDuringSchedulingIgnoredDuringExecution']
>['nodeSelectorTerms'];

/** validateProbe + validateHandler; liveness and startup probes need successThreshold 1. */
export function validateProbe(probe: Probe | undefined, field: string, needsSingleSuccess: boolean): FieldError[] {
  if (probe === undefined) return [];
  const errs: FieldError[] = [];
  const handlers = [probe.exec, probe.httpGet, probe.tcpSocket].filter((h) => h !== undefined).length;
  if (handlers === 0) errs.push(required(field, 'must specify a handler type'));
  else if (handlers > 1) errs.push(forbidden(field, 'may not specify more than 1 handler type'));
  for (const key of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    const v = probe[key];
    if (v !== undefined && v < 0) errs.push(invalid(`${field}.${key}`, v, 'must be greater than or equal to 0'));
  }
  if (needsSingleSuccess && probe.successThreshold !== undefined && probe.successThreshold !== 1) {
    errs.push(invalid(`${field}.successThreshold`, probe.successThreshold, 'must be 1'));
  }
  const port = probe.httpGet?.port ?? probe.tcpSocket?.port;
  if (typeof port === 'number' && (port < 1 || port > 65535)) {
    const handler = probe.httpGet ? 'httpGet' : 'tcpSocket';
    errs.push(invalid(`${field}.${handler}.port`, port, 'must be between 1 and 65535, inclusive'));
  }
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
