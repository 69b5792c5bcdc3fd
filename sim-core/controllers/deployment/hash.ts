// pod-template-hash (pkg/controller/controller_utils.go ComputeHash): FNV-32a of the Pod
// template (plus the collisionCount, when set), printed in decimal, then each digit mapped
// through rand.SafeEncodeString's alphabet (no vowels, no 0/1/3: names never spell words).
//
// Deviation, documented: the real hasher feeds Go's spew dump of the PodTemplateSpec
// struct (hashutil.DeepHashObject), which has no JSON equivalent; we feed the template's
// canonical JSON (sorted keys) instead. The hash is still deterministic and changes
// exactly when the template does, so names look and behave like the real ones
// (`web-7d4b9c8f6`) but do not match a real cluster's for the same manifest.
import type { PodTemplateSpec } from '../../apiserver';
import { RANDOM_SUFFIX_ALPHABET } from '../../apiserver';
import { canonicalJson } from '../../kernel';

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`. */
export function fnv32a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  const bytes = new TextEncoder().encode(text);
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** rand.SafeEncodeString: each character c becomes alphabet[c mod 27]. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += RANDOM_SUFFIX_ALPHABET[(ch.codePointAt(0) as number) % RANDOM_SUFFIX_ALPHABET.length];
  return out;
}

export function computeHash(template: PodTemplateSpec | undefined, collisionCount?: number): string {
  let h = fnv32a(canonicalJson(hashedForm(template ?? {})));
  if (collisionCount !== undefined) {
    // The real one writes the count's 4 little-endian bytes into the same hasher.
    const bytes = [collisionCount & 0xff, (collisionCount >>> 8) & 0xff, (collisionCount >>> 16) & 0xff, (collisionCount >>> 24) & 0xff];
    for (const b of bytes) {
      h ^= b;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return safeEncodeString(String(h >>> 0));
}

/**
 * The template as hashed: without the `creationTimestamp: null` every stored template
 * carries (the zero time Go writes as null). Spew's dump of the struct has the zero time
 * whether or not the JSON shows it, so it never changes a real hash; leaving it out keeps
 * a template's hash what it was before the API server wrote it.
 */
function hashedForm(template: PodTemplateSpec): PodTemplateSpec {
  const meta = template.metadata as Record<string, unknown> | undefined;
  if (meta === undefined || meta.creationTimestamp !== null) return template;
  const { creationTimestamp: _zero, ...rest } = meta;
  return { ...template, metadata: rest };
}
