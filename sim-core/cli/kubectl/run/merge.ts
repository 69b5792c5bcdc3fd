// kubectl apply's three-way merge (apimachinery strategicpatch.CreateThreeWayMergePatch,
// applied to the live object), computed here as its result instead of as a patch:
//   original = the last-applied configuration (what the learner applied last time),
//   modified = the manifest now,
//   current  = the live object (with the server's defaults and other writers' changes).
// A field in `modified` wins; a field in `original` but no longer in `modified` is
// deleted; a field only in `current` (defaulted by the server, set by a controller) is
// kept. Lists of objects merge by their strategic-merge key (patchMergeKey in
// k8s.io/api core/v1 types.go); other lists are replaced whole — tolerations included,
// which have no merge key. Merged lists follow `modified`'s order, then the items only
// the server has.

type Json = unknown;
type JsonObject = Record<string, Json>;

function isObject(v: Json): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The merge key of a list field, from the field's name and its parent's path. */
export function listMergeKey(path: readonly string[]): string | undefined {
  const field = path[path.length - 1];
  switch (field) {
    case 'containers':
    case 'initContainers':
    case 'ephemeralContainers':
    case 'env':
    case 'volumes':
    case 'imagePullSecrets':
    case 'hostAliases':
      return field === 'hostAliases' ? 'ip' : 'name';
    case 'volumeMounts':
      return 'mountPath';
    case 'volumeDevices':
      return 'devicePath';
    case 'ports':
      // a container's ports merge by containerPort; a Service's by port (service.go)
      return path.includes('containers') || path.includes('initContainers') ? 'containerPort' : 'port';
    case 'ownerReferences':
      return 'uid';
    default:
      return undefined;
  }
}

function mergeList(original: Json, modified: Json[], current: Json, path: readonly string[]): Json {
  const key = listMergeKey(path);
  if (key === undefined || !Array.isArray(current) || !modified.every(isObject) || !current.every(isObject)) return modified;
  const orig = Array.isArray(original) ? original.filter(isObject) : [];
  const keyOf = (o: JsonObject): string => JSON.stringify(o[key] ?? null);
  const out: Json[] = [];
  const used = new Set<string>();
  for (const m of modified as JsonObject[]) {
    const k = keyOf(m);
    used.add(k);
    const c = (current as JsonObject[]).find((x) => keyOf(x) === k);
    const o = orig.find((x) => keyOf(x) === k);
    out.push(c === undefined ? m : mergeValue(o, m, c, path));
  }
  for (const c of current as JsonObject[]) {
    const k = keyOf(c);
    if (used.has(k)) continue;
    // an item the learner applied before and has now removed is deleted; the server's own stay
    if (orig.some((x) => keyOf(x) === k)) continue;
    out.push(c);
  }
  return out;
}

function mergeValue(original: Json, modified: Json, current: Json, path: readonly string[]): Json {
  if (isObject(modified) && isObject(current)) {
    const orig = isObject(original) ? original : {};
    const out: JsonObject = {};
    for (const k of Object.keys(current)) out[k] = current[k];
    for (const k of Object.keys(modified)) {
      const m = modified[k];
      // `null` in a manifest deletes the field (a merge patch's null)
      if (m === null) delete out[k];
      else out[k] = mergeValue(orig[k], m, current[k], [...path, k]);
    }
    for (const k of Object.keys(orig)) if (!(k in modified)) delete out[k];
    return out;
  }
  if (Array.isArray(modified)) return mergeList(original, modified, current, path);
  return modified;
}

/** The object kubectl apply leaves behind: current with the three-way patch applied. */
export function threeWayMerge(original: JsonObject | undefined, modified: JsonObject, current: JsonObject): JsonObject {
  return mergeValue(original ?? {}, modified, current, []) as JsonObject;
}
