// A container's environment in `kubectl describe` (describe.go describeContainerEnvFrom,
// describeContainerEnvVars, EnvValueRetriever; util/resource ExtractContainerResourceValue,
// kubectl 1.32).
import { parseQuantity, type Container, type Pod } from '../../../apiserver';
import { LEVEL_2, LEVEL_3, type DescribeWriter } from './prefix-writer';

type EnvVar = NonNullable<Container['env']>[number];
type FieldRef = NonNullable<NonNullable<EnvVar['valueFrom']>['fieldRef']>;
type ResourceFieldRef = NonNullable<NonNullable<EnvVar['valueFrom']>['resourceFieldRef']>;

/** EnvVarResolverFunc: the value of a fieldRef env var (a Pod has one; a pod template none). */
export type EnvVarResolver = (ref: FieldRef) => string;

/**
 * EnvValueRetriever: parse the apiVersion (schema.ParseGroupVersion fails on more than one
 * `/`), convert the field path with kubectl's own scheme (ConvertFieldLabel), then read it
 * from the Pod (fieldpath.ExtractFieldPathAsString). kubectl's scheme registers no
 * field-label conversion for Pods, so DefaultMetaV1FieldSelectorConversion decides: only
 * metadata.name and metadata.namespace get through, and every other path — status.podIP,
 * spec.nodeName, metadata.uid, metadata.labels['app'] — prints empty in kubectl 1.32.
 */
export function envValueRetriever(pod: Pod): EnvVarResolver {
  return (ref) => {
    if ((ref.apiVersion ?? '').split('/').length > 2) return '';
    if (ref.fieldPath === 'metadata.name') return pod.metadata?.name ?? '';
    if (ref.fieldPath === 'metadata.namespace') return pod.metadata?.namespace ?? '';
    return '';
  };
}

const quantityMilli = (v: string | number | undefined): bigint => {
  if (v === undefined) return 0n;
  const parsed = parseQuantity(v);
  return parsed.ok ? parsed.quantity.milli : 0n;
};

/** Quantity.Value(): whole units, rounded up. */
const wholeUnits = (milli: bigint): bigint => (milli > 0n ? (milli + 999n) / 1000n : milli / 1000n);

/** int64(math.Ceil(float64(value) / float64(divisor))), as the convertResource*ToString helpers compute it. */
function ceilRatio(value: bigint, divisor: bigint): string {
  const ratio = Math.ceil(Number(value) / Number(divisor));
  return Number.isFinite(ratio) ? String(ratio) : '';
}

/**
 * ExtractContainerResourceValue: the described container's own limit or request (its
 * containerName is not consulted), divided by the divisor (1 when unset or zero) and rounded
 * up — CPU in milli-units, memory, ephemeral storage and huge pages in whole units. An unset
 * resource counts as 0; a resource it does not know is an error, which describe prints as ''.
 */
function containerResourceValue(ref: ResourceFieldRef, container: Container): string {
  const divisorMilli = quantityMilli(ref.divisor) === 0n ? 1000n : quantityMilli(ref.divisor);
  const resource = ref.resource ?? '';
  const dot = resource.indexOf('.');
  const kind = resource.slice(0, dot);
  const name = resource.slice(dot + 1);
  if (dot < 0 || (kind !== 'limits' && kind !== 'requests')) return '';
  const list = (kind === 'limits' ? container.resources?.limits : container.resources?.requests) ?? {};
  const milli = quantityMilli(list[name]);
  if (name === 'cpu') return ceilRatio(milli, divisorMilli);
  if (name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-')) return ceilRatio(wholeUnits(milli), wholeUnits(divisorMilli));
  return '';
}

/** describeContainerEnvFrom: `NAME  ConfigMap|Secret [with prefix 'P']  Optional: B`, one line per source. */
export function describeContainerEnvFrom(w: DescribeWriter, container: Container): void {
  const sources = container.envFrom ?? [];
  w.write(LEVEL_2, `Environment Variables from:${sources.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of sources) {
    let from = '';
    let name = '';
    let optional = false;
    if (e.configMapRef) {
      from = 'ConfigMap';
      name = e.configMapRef.name ?? '';
      optional = e.configMapRef.optional === true;
    } else if (e.secretRef) {
      from = 'Secret';
      name = e.secretRef.name ?? '';
      optional = e.secretRef.optional === true;
    }
    const what = e.prefix ? `${from} with prefix '${e.prefix}'` : from;
    w.write(LEVEL_3, `${name}\t${what}\tOptional: ${String(optional)}\n`);
  }
}

/**
 * describeContainerEnvVars: a value (each further line of it on its own line), or where a
 * valueFrom takes it from — the resolved field and its path, the resource value (`node
 * allocatable` for an unset CPU or memory limit), or the Secret or ConfigMap key.
 */
export function describeContainerEnvVars(w: DescribeWriter, container: Container, resolve: EnvVarResolver | undefined): void {
  const env = container.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const name = e.name ?? '';
    const from = e.valueFrom;
    if (!from) {
      (e.value ?? '').split('\n').forEach((s, i) => w.write(LEVEL_3, i === 0 ? `${name}:\t${s}\n` : `\t${s}\n`));
    } else if (from.fieldRef) {
      const value = resolve ? resolve(from.fieldRef) : '';
      w.write(LEVEL_3, `${name}:\t${value} (${from.fieldRef.apiVersion ?? ''}:${from.fieldRef.fieldPath ?? ''})\n`);
    } else if (from.resourceFieldRef) {
      const resource = from.resourceFieldRef.resource ?? '';
      let value = containerResourceValue(from.resourceFieldRef, container);
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${name}:\t${value} (${resource})\n`);
    } else if (from.secretKeyRef) {
      const ref = from.secretKeyRef;
      w.write(LEVEL_3, `${name}:\t<set to the key '${ref.key ?? ''}' in secret '${ref.name ?? ''}'>\tOptional: ${String(ref.optional === true)}\n`);
    } else if (from.configMapKeyRef) {
      const ref = from.configMapKeyRef;
      w.write(LEVEL_3, `${name}:\t<set to the key '${ref.key ?? ''}' of config map '${ref.name ?? ''}'>\tOptional: ${String(ref.optional === true)}\n`);
    }
  }
}
