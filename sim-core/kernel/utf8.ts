// The UTF-8 length of a string without encoding it: etcd's request limit, the API
// server's body limit and Kubernetes' name rules all count bytes, not UTF-16 units.
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      // a surrogate pair is one code point of four bytes
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
