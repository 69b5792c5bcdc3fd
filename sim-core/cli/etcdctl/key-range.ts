// clientv3's range options (clientv3/op.go): WithPrefix sets range_end to the key with its
// last byte incremented (getPrefix), WithFromKey sets it to "\x00" (every key >= key).

/** clientv3.GetPrefixRangeEnd, on the key's UTF-16 code units (every key here is text). */
export function prefixRangeEnd(key: string): string {
  for (let i = key.length - 1; i >= 0; i--) {
    const c = key.charCodeAt(i);
    if (c < 0xff) return key.slice(0, i) + String.fromCharCode(c + 1);
  }
  // every byte is 0xff: no upper bound
  return '\x00';
}

export const FROM_KEY_RANGE_END = '\x00';
