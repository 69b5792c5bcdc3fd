// What the API server invents for a new object, all from its own PRNG stream so a run is a
// function of its seed: metadata.uid (a version-4 UUID, as k8s.io/apimachinery's
// uuid.NewUUID gives), the 5-character generateName suffix (names.SimpleNameGenerator,
// utilrand.String with its consonant/digit alphabet) and a Service's clusterIP from the
// service CIDR 10.96.0.0/12 (10.96.0.1 is the `kubernetes` Service's).
import type { Prng } from '../../kernel';
import { RANDOM_SUFFIX_ALPHABET } from '../kinds';

function hex(rng: Prng, digits: number): string {
  let s = '';
  for (let i = 0; i < digits; i++) s += '0123456789abcdef'[rng.int(0, 15)]!;
  return s;
}

export function newUid(rng: Prng): string {
  const variant = '89ab'[rng.int(0, 3)]!;
  return `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${variant}${hex(rng, 3)}-${hex(rng, 12)}`;
}

export function randomSuffix(rng: Prng, length = 5): string {
  let s = '';
  for (let i = 0; i < length; i++) s += RANDOM_SUFFIX_ALPHABET[rng.int(0, RANDOM_SUFFIX_ALPHABET.length - 1)]!;
  return s;
}

/** A clusterIP in 10.96.0.0/12 other than the network address, 10.96.0.1 and the broadcast. */
export function allocateClusterIP(rng: Prng): string {
  const offset = rng.int(2, (1 << 20) - 2);
  const b = 96 + (offset >> 16);
  return `10.${b}.${(offset >> 8) & 255}.${offset & 255}`;
}
