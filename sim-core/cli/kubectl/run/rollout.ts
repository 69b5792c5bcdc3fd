// `kubectl rollout history|undo|restart` for Deployments (pkg/cmd/rollout/*.go and
// pkg/polymorphichelpers history.go, rollback.go, objectrestarter.go).
//   history  the revisions of the Deployment's ReplicaSets with their change-cause;
//            --revision=N prints that revision's Pod template.
//   undo     DeploymentRollbacker: the ReplicaSet of --to-revision (0: the previous
//            revision), its template copied back (without pod-template-hash) and its
//            annotations merged into the Deployment's, or skipped when already current.
//   restart  the `kubectl.kubernetes.io/restartedAt` template annotation, set to now.
import { tickToTimestamp } from '../clock';
import { inGoFieldOrder, kindFor, type Deployment, type ReplicaSet } from '../../../apiserver';
import { deepCopy, type KubeObject } from '../../../client';
import { PrefixWriter } from '../describe';
import { describePodTemplate } from '../describe/common';
import { kindPrefix } from '../get';
import { rollbackSkipped, rolloutHistory } from '../messages';
import { REQUEST_TIMEOUT_TICKS, patchObject } from './api';
import { createTwoWayMergePatch } from '../strategic-diff';
import { sortedDeep } from '../structured';
import { qualifiedResource } from '../errors';
import { nowOf, type RunEnv } from './env';
import { collectFailures, exitCodeLater, liveObjects, plainFailure, reportFailures, statusFailure, type Failure } from './objects';
import { printObject } from './print-object';
import { equalIgnoreHash, ownedReplicaSets, REVISION_ANNOTATION, revisionOf } from './replicasets';

export { ROLLOUT_STATUS_CAP_TICKS, runRolloutStatus } from './rollout-status';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';
const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

/** rollback.go annotationsToSkip: kept from the Deployment, never copied from the ReplicaSet. */
const ANNOTATIONS_TO_SKIP = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION_ANNOTATION,
  'deployment.kubernetes.io/revision-history',
  'deployment.kubernetes.io/desired-replicas',
  'deployment.kubernetes.io/max-replicas',
  'deprecated.deployment.rollback.to',
]);

/** history.go printTemplate writes through a PrefixWriter with no tabwriter: tabs stay tabs. */
class RawPrefixWriter extends PrefixWriter {
  private buf = '';
  override write(level: number, text: string): void {
    this.buf += '  '.repeat(level) + text;
  }
  override writeLine(text: string): void {
    this.buf += `${text}\n`;
  }
  override flush(): void {}
  override text(): string {
    return this.buf;
  }
}

/** schema.GroupKind's String(): `Pod`, `ReplicaSet.apps` (how polymorphichelpers names a kind it has no helper for). */
function groupKind(def: { kind: string; group: string }): string {
  return def.group === '' ? def.kind : `${def.kind}.${def.group}`;
}

export function runRolloutHistory(env: RunEnv): void {
  const report = exitCodeLater(env);
  for (const live of liveObjects(env, report)) {
    if (live.def.kind !== 'Deployment') {
      report.fail(`error: no history viewer has been implemented for "${groupKind(live.def)}"\n`);
      continue;
    }
    const sets = ownedReplicaSets(env, live.object as Deployment).filter((rs) => revisionOf(rs) > 0);
    const revision = env.cmd.revision;
    if (env.cmd.output !== '') {
      // with -o, the ReplicaSets themselves: --revision's, or all in revision order (history.go);
      // for a revision it lacks kubectl 1.32 panics, the simulation says so
      const chosen = revision > 0 ? sets.filter((x) => revisionOf(x) === revision) : [...sets].sort((a, b) => revisionOf(a) - revisionOf(b));
      if (revision > 0 && chosen.length === 0) report.fail('error: unable to find the specified revision\n');
      for (const rs of chosen) printObject(env, 'ReplicaSet', rs, '', false);
      continue;
    }
    if (revision > 0) {
      const rs = sets.find((x) => revisionOf(x) === revision);
      if (rs === undefined) {
        report.fail('error: unable to find the specified revision\n');
        continue;
      }
      const w = new RawPrefixWriter();
      describePodTemplate(w, rs.spec?.template);
      env.out.print(`${kindPrefix(live.def.kind)}/${live.name} with revision #${revision}\n${w.text()}\n`);
      continue;
    }
    const entries = sets.map((rs) => ({ revision: revisionOf(rs), ...(rs.metadata?.annotations?.[CHANGE_CAUSE] ? { changeCause: rs.metadata.annotations[CHANGE_CAUSE] } : {}) }));
    env.out.print(rolloutHistory(live.def.kind, live.name, entries));
  }
  report.finish();
}

/** rollback.go deploymentRevision: the ReplicaSet of `toRevision`, or of the previous revision for 0. */
function replicaSetForRevision(sets: readonly ReplicaSet[], name: string, toRevision: number): { ok: true; rs: ReplicaSet } | { ok: false; error: string } {
  if (toRevision > 0) {
    const rs = sets.find((x) => revisionOf(x) === toRevision);
    return rs ? { ok: true, rs } : { ok: false, error: `unable to find specified revision ${toRevision} in history` };
  }
  const ordered = sets.filter((x) => revisionOf(x) > 0).sort((a, b) => revisionOf(b) - revisionOf(a));
  const previous = ordered[1];
  return previous ? { ok: true, rs: previous } : { ok: false, error: `no rollout history found for deployment "${name}"` };
}

/**
 * undo.go visits every object with ContinueOnError: its failures come out at the end as one
 * aggregate (one alone as `error: …`, several each bare on a line), read failures first.
 */
export function runRolloutUndo(env: RunEnv): void {
  const unread = collectFailures();
  const objects = liveObjects(env, unread);
  const failures: Failure[] = unread.texts.map((t, i) => {
    const status = unread.statuses[i];
    return status !== undefined ? statusFailure(status) : plainFailure(t.replace(/^error: /, '').replace(/\n$/, ''));
  });
  const fail = (message: string) => failures.push(plainFailure(message));
  undoEach(env, objects, fail);
  reportFailures(env, failures);
}

function undoEach(env: RunEnv, objects: ReturnType<typeof liveObjects>, fail: (message: string) => void): void {
  const toRevision = env.cmd.toRevision;
  for (const live of objects) {
    if (live.def.kind !== 'Deployment') {
      fail(`no rollbacker has been implemented for "${groupKind(live.def)}"`);
      continue;
    }
    const d = live.object as Deployment;
    if (toRevision < 0) {
      fail(`unable to find specified revision ${toRevision} in history`);
      continue;
    }
    // the revision is looked for first, then the pause checked (DeploymentRollbacker.Rollback)
    const found = replicaSetForRevision(ownedReplicaSets(env, d), live.name, toRevision);
    if (!found.ok) {
      fail(found.error);
      continue;
    }
    if (env.cmd.dryRun === 'client') {
      // a client dry run prints the revision's Pod template as describe does (rollback.go
      // printTemplate, tabs left raw, the pod-template-hash label still on) as the operation;
      // with -o, the object as read (undo.go PrintObj)
      const w = new RawPrefixWriter();
      describePodTemplate(w, found.rs.spec?.template);
      printObject(env, live.def.kind, live.object, w.text(), false);
      continue;
    }
    if (d.spec?.paused) {
      fail("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again");
      continue;
    }
    const rs = found.rs;
    if (equalIgnoreHash(rs.spec?.template, d.spec?.template)) {
      if (env.cmd.output !== '') printObject(env, live.def.kind, live.object, '', false);
      else env.out.print(rollbackSkipped(live.def.kind, live.name, toRevision));
      continue;
    }
    {
      // getDeploymentPatch: a JSON patch replacing the template (the typed PodTemplateSpec as
      // json.Marshal writes it) and the annotations (the Deployment's own of the skipped keys,
      // the ReplicaSet's others)
      const current = (d.metadata?.annotations ?? {}) as Record<string, string>;
      const annotations: Record<string, string> = {};
      for (const k of ANNOTATIONS_TO_SKIP) if (current[k] !== undefined) annotations[k] = current[k];
      for (const [k, v] of Object.entries(rs.metadata?.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
      const patch = [
        { op: 'replace', path: '/spec/template', value: typedTemplate(rs) },
        { op: 'replace', path: '/metadata/annotations', value: sortedDeep(annotations) },
      ];
      const r = patchObject(env, live.def, live.namespace, live.name, 'application/json-patch+json', patch);
      if (!r.ok) {
        fail(`failed restoring revision ${toRevision}: ${r.error.message}`);
        continue;
      }
    }
    printObject(env, live.def.kind, live.object, 'rolled back', false);
  }
}

export function runRolloutRestart(env: RunEnv): void {
  const report = exitCodeLater(env);
  for (const live of liveObjects(env, report)) {
    if (live.def.kind !== 'Deployment') {
      // the restarter's refusal, prefixed with resource and name (rollout_restart.go)
      report.fail(`error: ${qualifiedResource(live.def)} "${live.name}" restarting is not supported\n`);
      continue;
    }
    // the restarter's own refusal, prefixed with the resource and name (rollout_restart.go)
    if ((live.object as Deployment).spec?.paused) {
      report.fail(`error: ${qualifiedResource(live.def)} "${live.name}" can't restart paused deployment (run rollout resume first)\n`);
      continue;
    }
    // ObjectRestarter: the template annotation set to now (to the second), sent as the
    // strategic merge patch from the object as read; a restart in the same second changes
    // nothing, and an empty patch is an error
    const d = deepCopy(live.object) as Deployment;
    const template = d.spec?.template ?? {};
    const meta = template.metadata ?? {};
    d.spec = { ...d.spec, template: { ...template, metadata: { ...meta, annotations: { ...(meta.annotations ?? {}), [RESTARTED_AT]: tickToTimestamp(nowOf(env)) } } } } as Deployment['spec'];
    const patch = createTwoWayMergePatch(live.def.kind, live.object as Record<string, unknown>, d as unknown as Record<string, unknown>);
    if (Object.keys(patch).length === 0) {
      report.fail(`error: failed to create patch for ${live.name}: if restart has already been triggered within the past second, please wait before attempting to trigger another\n`);
      continue;
    }
    const r = patchObject(env, live.def, live.namespace, live.name, 'application/strategic-merge-patch+json', patch);
    if (!r.ok) {
      report.fail(`error: failed to patch: ${r.error.message}\n`);
      continue;
    }
    printObject(env, live.def.kind, r.value, 'restarted', false);
  }
  report.finish();
}

/**
 * The ReplicaSet's Pod template as rollback.go sends it: the typed PodTemplateSpec marshalled
 * (Go field order, `creationTimestamp: null` and `resources: {}` always written), without the
 * pod-template-hash label.
 */
function typedTemplate(rs: ReplicaSet): unknown {
  const template = deepCopy(rs.spec?.template ?? {}) as { metadata?: Record<string, unknown> & { labels?: Record<string, string> }; spec?: Record<string, unknown> };
  const meta = (template.metadata ??= {});
  if (meta.labels) delete meta.labels['pod-template-hash'];
  if (!('creationTimestamp' in meta)) meta.creationTimestamp = null;
  for (const list of ['initContainers', 'containers'] as const) {
    const containers = template.spec?.[list];
    if (Array.isArray(containers)) for (const c of containers as Record<string, unknown>[]) c.resources ??= {};
  }
  const ordered = inGoFieldOrder({ apiVersion: 'apps/v1', kind: 'ReplicaSet', spec: { template } }, kindFor('apps/v1', 'ReplicaSet')?.schema) as { spec: { template: unknown } };
  return ordered.spec.template;
}

/**
 * `kubectl rollout pause|resume` (rollout_pause.go, rollout_resume.go with polymorphichelpers'
 * ObjectPauser/ObjectResumer): spec.paused set, or cleared, by a strategic merge patch — the
 * Deployment controller then stops rolling out (it still scales) until resumed. Only
 * Deployments can be paused here.
 */
export function runRolloutPauseOrResume(env: RunEnv): void {
  const pause = env.cmd.command === 'rollout pause';
  const report = exitCodeLater(env);
  for (const live of liveObjects(env, report)) {
    const resource = qualifiedResource(live.def);
    if (live.def.kind !== 'Deployment') {
      report.fail(`error: ${resource} ${JSON.stringify(live.name)} ${pause ? 'pausing' : 'resuming'} is not supported\n`);
      continue;
    }
    const paused = (live.object as Deployment).spec?.paused === true;
    if (paused === pause) {
      report.fail(`error: ${resource} ${JSON.stringify(live.name)} ${pause ? 'is already paused' : 'is not paused'}\n`);
      continue;
    }
    const r = env.kube.request(
      { verb: 'patch', resource: live.def.resource, namespace: live.namespace, name: live.name, patchType: 'application/strategic-merge-patch+json', patch: { spec: { paused: pause ? true : null } } },
      { timeoutTicks: REQUEST_TIMEOUT_TICKS },
    );
    if (!r.ok) {
      report.fail(`error: failed to patch: ${r.error.message}\n`);
      continue;
    }
    printObject(env, live.def.kind, r.value as KubeObject, pause ? 'paused' : 'resumed', false);
  }
  report.finish();
}
