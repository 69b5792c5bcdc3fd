// `kubectl set image TYPE/NAME CONTAINER=IMAGE…` (pkg/cmd/set/set_image.go): change the
// image of the named containers (`*` = all of them, init containers included) in a Pod or
// in a workload's Pod template, sent as a strategic merge patch; `deployment.apps/web image
// updated`. Nothing is printed for an object whose images already are the requested ones (an
// empty patch is skipped).
import { deepCopy, type KubeObject } from '../../../client';
import { createTwoWayMergePatch } from '../strategic-diff';
import { goErrorText } from './api';
import type { RunEnv } from './env';
import { exitCodeLater, objectsToChange } from './objects';
import { printObject } from './print-object';
import { noPodTemplate, podSpecOf, sendTemplatePatch } from './podTemplate';


/** Apply the updates; the names no container has, for kubectl's error. */
function setImages(obj: KubeObject, updates: Record<string, string>): { changed: boolean; missing: string[] } {
  const spec = podSpecOf(obj);
  const all = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
  let changed = false;
  const missing: string[] = [];
  for (const [name, image] of Object.entries(updates)) {
    let resolved = false;
    for (const c of all) {
      if (name === '*' || c.name === name) {
        resolved = true;
        if (c.image !== image) {
          c.image = image;
          changed = true;
        }
      }
    }
    if (!resolved) missing.push(name);
  }
  return { changed, missing };
}

export function runSetImage(env: RunEnv): void {
  const report = exitCodeLater(env);
  // Complete's Infos(): an object that cannot be read fails the command before any patch;
  // with --local the objects are -f's alone and nothing is sent
  const local = env.cmd.flags.values.get('local') === true;
  const objects = objectsToChange(env, local);
  if (objects === undefined) return;
  for (const live of objects) {
    if (podSpecOf(live.object) === undefined) {
      // polymorphichelpers.UpdatePodSpecForObject's refusal, prefixed with resource/name (set_image.go)
      report.fail(noPodTemplate(live.def.resource, live.name, live.def.kind));
      continue;
    }
    // a name no container has is an error, after the containers that exist are updated;
    // the patch is the strategic merge patch from the object as read to the changed copy
    // (CalculatePatches), and an empty one is skipped without a word
    const changedCopy = deepCopy(live.object);
    const probe = setImages(changedCopy, env.cmd.imageUpdates);
    const missing = probe.missing.map((name) => `error: unable to find container named "${name}"\n`);
    const patch = createTwoWayMergePatch(live.def.kind, live.object as Record<string, unknown>, changedCopy as Record<string, unknown>);
    if (Object.keys(patch).length > 0) {
      const r = sendTemplatePatch(env, live, changedCopy, patch, local);
      if (!r.ok) {
        report.fail(`error: failed to patch image update to pod template: ${goErrorText(r.error)}\n`);
        continue;
      }
      printObject(env, live.def.kind, r.value, 'image updated', false);
    }
    for (const text of missing) report.fail(text);
  }
  report.finish();
}
