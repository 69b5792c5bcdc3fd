// host-local IPAM on the node's podCIDR (the CNI plugin the kubelet calls when it builds a
// sandbox): the bridge holds .1, Pods take the lowest free address from .2 upwards, and
// an address is free again once its Pod is gone.
export type IpResult = { ok: true; ip: string } | { ok: false; error: string };

function ipToInt(ip: string): number | undefined {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  return ((((parts[0] as number) * 256 + (parts[1] as number)) * 256 + (parts[2] as number)) * 256) + (parts[3] as number);
}

function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

export class PodIpAllocator {
  private readonly base: number;
  private readonly size: number;
  /** Pod uid → its address and the address's offset in the range */
  private readonly used = new Map<string, { ip: string; offset: number }>();
  /** the offsets in use (what host-local keeps as one file per address) */
  private readonly taken = new Set<number>();

  constructor(readonly podCIDR: string) {
    const [ip, bits] = podCIDR.split('/');
    const base = ipToInt(ip ?? '');
    const prefix = Number(bits);
    if (base === undefined || !Number.isInteger(prefix) || prefix < 8 || prefix > 30) {
      this.base = 0;
      this.size = 0;
    } else {
      this.size = 2 ** (32 - prefix);
      this.base = base - (base % this.size);
    }
  }

  /** The IP for a Pod (the same one again if it already has one). */
  allocate(podUid: string): IpResult {
    const had = this.used.get(podUid);
    if (had) return { ok: true, ip: had.ip };
    for (let offset = 2; offset < this.size - 1; offset++) {
      if (this.taken.has(offset)) continue;
      const ip = intToIp(this.base + offset);
      this.used.set(podUid, { ip, offset });
      this.taken.add(offset);
      return { ok: true, ip };
    }
    return { ok: false, error: `failed to allocate for range 0: no IP addresses available in range set: ${this.podCIDR}` };
  }

  release(podUid: string): void {
    const had = this.used.get(podUid);
    if (had === undefined) return;
    this.used.delete(podUid);
    this.taken.delete(had.offset);
  }
}
