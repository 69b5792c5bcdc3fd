// Whether two JSON-shaped values would serialise to the same text, decided without
// serialising them. The status manager asks this of every status it builds
// (pkg/kubelet/status/status_manager.go: updateStatusInternal skips a status equal to
// the cached one); building the JSON text of each one just to compare it cost more than
// building the status itself.
//
// Same text as JSON.stringify means: objects compare key by key in insertion order,
// keys whose value is undefined are left out, and arrays compare element by element
// (an undefined element as null). Values are plain data: strings, finite numbers,
// booleans, null, arrays and objects.

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // an undefined element is written as null
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  const bk = Object.keys(bo);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < ak.length && ao[ak[i] as string] === undefined) i++;
    while (j < bk.length && bo[bk[j] as string] === undefined) j++;
    if (i === ak.length || j === bk.length) return i === ak.length && j === bk.length;
    const key = ak[i] as string;
    if (key !== bk[j] || !sameJson(ao[key], bo[key])) return false;
    i++;
    j++;
  }
}
