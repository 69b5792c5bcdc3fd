// `kubectl set resources RESOURCE/NAME --limits=cpu=200m,memory=512Mi --requests=cpu=100m`
// (pkg/cmd/set/set_resources.go): set resource limits and requests of the containers `-c`
// selects (all by default, init containers after the others) in a Pod or a workload's Pod
// template, sent as a strategic merge patch (`deployment.apps/web resource requirements
// updated`); a change to a Deployment's template is a rollout. kubectl works on the typed
// object, so every quantity is written back in its canonical form (`0.5` → `500m`) and the
// resource names in sorted order (a Go map), before and after the change alike; an object
// already as requested is skipped without a word.
import { canonicalQuantity, QUANTITY_FORMAT_ERROR } from '../../../apiserver';
import { deepCopy } from '../../../client';
import { createTwoWayMergePatch } from '../strategic-diff';
import { goErrorText } from './api';
import type { RunEnv } from './env';
import { objectsToChange, reportAggregate } from './objects';
import { noPodTemplate, podSpecOf, selectedContainers, sendTemplatePatch, type ContainerLike, type PodSpecLike } from './podTemplate';
import { printObject } from './print-object';

type ResourceList = Record<string, string>;

/** parseResourceList: `name=quantity,…`; undefined for an empty flag. */
function parseResourceList(spec: string): { ok: true; value: ResourceList | undefined } | { ok: false; error: string } {
  if (spec === '') return { ok: true, value: undefined };
  const out: ResourceList = {};
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) return { ok: false, error: `Invalid argument syntax ${statement}, expected <resource>=<value>` };
    const canonical = canonicalQuantity(parts[1]!);
    if (canonical === undefined) return { ok: false, error: quantityError(parts[1]!) };
    out[parts[0]!] = canonical;
  }
  return { ok: true, value: out };
}

/**
 * ParseQuantity's error: ErrSuffix for a number whose suffix is not one (`1ki`, `2m3`), the
 * regular-expression one (ErrFormatWrong) for the rest.
 */
function quantityError(text: string): string {
  return /^[+-]?[0-9]*(?:\.[0-9]*)?[eEinumkKMGTP]*[-+]?[0-9]*$/.test(text) && /[0-9]/.test(text) ? "unable to parse quantity's suffix" : QUANTITY_FORMAT_ERROR;
}

/** A ResourceList as the typed object encodes it: names sorted, quantities canonical. */
function typedList(list: unknown): ResourceList | undefined {
  if (list === null || typeof list !== 'object' || Array.isArray(list)) return undefined;
  const out: ResourceList = {};
  for (const name of Object.keys(list).sort()) {
    const v = (list as Record<string, unknown>)[name];
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined;
    out[name] = (text !== undefined ? canonicalQuantity(text) : undefined) ?? String(v);
  }
  return out;
}

/** Every container's resources as kubectl's typed copy of the object has them. */
function asTyped(spec: PodSpecLike): void {
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const r = c.resources as { limits?: unknown; requests?: unknown } | undefined;
    if (r === undefined || r === null || typeof r !== 'object') continue;
    for (const field of ['limits', 'requests'] as const) {
      const typed = typedList(r[field]);
      if (typed !== undefined) r[field] = typed;
    }
  }
}

/** limits or requests with `update` merged in, names in sorted order (the encoded Go map). */
function merged(current: unknown, update: ResourceList): ResourceList {
  const all = { ...(typedList(current) ?? {}), ...update };
  return Object.fromEntries(Object.keys(all).sort().map((k) => [k, all[k]!]));
}

export function runSetResources(env: RunEnv): void {
  const flags = env.cmd.flags.values;
  const selector = (flags.get('containers') as string | undefined) ?? '*';
  const limitsFlag = (flags.get('limits') as string | undefined) ?? '';
  const requestsFlag = (flags.get('requests') as string | undefined) ?? '';
  const local = flags.get('local') === true;

  // Complete: the builder reads every object first
  const objects = objectsToChange(env, local);
  if (objects === undefined) return;
  // Validate
  const invalid = (text: string): void => {
    env.out.printErr(`error: ${text}\n`);
    env.out.exit(1);
  };
  if (local && env.cmd.dryRun === 'server') return invalid('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (env.cmd.all && env.cmd.selector !== undefined) return invalid('cannot set --all and --selector at the same time');
  if (limitsFlag === '' && requestsFlag === '') return invalid('you must specify an update to requests or limits (in the form of --requests/--limits)');
  const limits = parseResourceList(limitsFlag);
  if (!limits.ok) return invalid(limits.error);
  const requests = parseResourceList(requestsFlag);
  if (!requests.ok) return invalid(requests.error);

  // CalculatePatches reports a container -c misses while it computes every patch; the
  // patches' own errors and the server's refusals follow, object by object
  const missing: string[] = [];
  const errors: string[] = [];
  for (const live of objects) {
    const before = deepCopy(live.object);
    const beforeSpec = podSpecOf(before);
    if (beforeSpec === undefined) {
      errors.push(noPodTemplate(live.def.resource, live.name, live.def.kind));
      continue;
    }
    asTyped(beforeSpec);
    const after = deepCopy(before);
    const containers = selectedContainers(podSpecOf(after)!, selector);
    if (containers.length === 0) {
      missing.push(`error: unable to find container named ${selector}`);
      continue;
    }
    for (const c of containers) setRequirements(c, limits.value, requests.value);
    const patch = createTwoWayMergePatch(live.def.kind, before as Record<string, unknown>, after as Record<string, unknown>);
    if (Object.keys(patch).length === 0) continue;
    const r = sendTemplatePatch(env, live, after, patch, local);
    if (!r.ok) {
      errors.push(`failed to patch resources update to pod template ${goErrorText(r.error)}`);
      continue;
    }
    printObject(env, live.def.kind, r.value, 'resource requirements updated', true);
  }
  reportAggregate(env, [...missing, ...errors]);
}

function setRequirements(c: ContainerLike, limits: ResourceList | undefined, requests: ResourceList | undefined): void {
  const resources = (c.resources ??= {}) as { limits?: unknown; requests?: unknown };
  if (limits !== undefined) resources.limits = merged(resources.limits, limits);
  if (requests !== undefined) resources.requests = merged(resources.requests, requests);
}

