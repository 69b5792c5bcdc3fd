// Pod names `<owner>-<5 chars>` as the API server's generateName makes them
// (k8s.io/apiserver/pkg/storage/names: SimpleNameGenerator, utilrand.String(5) over the
// alphabet without vowels and confusable characters). The suffix comes from the
// controller's PRNG stream, so names are the same for the same seed.
import { RANDOM_SUFFIX_ALPHABET } from '../apiserver';
import type { Prng } from '../kernel';

export const GENERATED_SUFFIX_LENGTH = 5;
const MAX_NAME_LENGTH = 63;
const MAX_GENERATED_NAME_LENGTH = MAX_NAME_LENGTH - GENERATED_SUFFIX_LENGTH;

export function randomSuffix(prng: Prng, length = GENERATED_SUFFIX_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += RANDOM_SUFFIX_ALPHABET[prng.int(0, RANDOM_SUFFIX_ALPHABET.length - 1)];
  return s;
}

/** generateName `<base>-` plus the suffix; a long base is cut as SimpleNameGenerator cuts it. */
export function generatedName(base: string, prng: Prng): string {
  const prefix = base.length > MAX_GENERATED_NAME_LENGTH ? base.slice(0, MAX_GENERATED_NAME_LENGTH) : base;
  return `${prefix}${randomSuffix(prng)}`;
}
