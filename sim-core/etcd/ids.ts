// etcd's 64-bit identities, made deterministic. Real etcd derives member ids from a SHA-1
// of the peer URLs and cluster token (etcdserver/api/membership/member.go) and the
// cluster id from the member ids; here both come from the run's seed, so the same seed
// always prints the same ids. Request and lease ids follow idutil.Generator: the top 16
// bits are the low 16 bits of the member id, then 40 bits of a millisecond timestamp
// and an 8-bit counter (pkg/idutil/id.go), so lease ids look like etcd's
// (694d77aa9e38260f next to member 8e9e05c52164694d).
import { Prng } from '../kernel';

function u64(rng: Prng): bigint {
  const hi = BigInt(rng.nextU32());
  const lo = BigInt(rng.nextU32());
  const id = (hi << 32n) | lo;
  return id === 0n ? 1n : id;
}

/** A member id for the member with this peer URL in the run seeded `seed`. */
export function memberIdFor(seed: number, peerURL: string): bigint {
  return u64(new Prng(seed).child('etcd-member-id:' + peerURL));
}

export function clusterIdFor(seed: number): bigint {
  return u64(new Prng(seed).child('etcd-cluster-id'));
}

/** A simulated Unix time in milliseconds at tick 0 (a fixed date moved by the seed). */
export function epochMsFor(seed: number): number {
  return 1_700_000_000_000 + new Prng(seed).child('etcd-epoch').int(0, 1_000_000_000);
}

const SUFFIX_MASK = (1n << 48n) - 1n;

/** idutil.Generator: unique ids for one member incarnation. */
export class RequestIdGenerator {
  private readonly prefix: bigint;
  private suffix: bigint;

  constructor(memberId: bigint, unixMs: number) {
    this.prefix = (memberId & 0xffffn) << 48n;
    this.suffix = (BigInt(unixMs) & ((1n << 40n) - 1n)) << 8n;
  }

  next(): bigint {
    this.suffix++;
    return this.prefix | (this.suffix & SUFFIX_MASK);
  }
}
