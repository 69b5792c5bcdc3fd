// The image reference grammar kubectl run checks --image against (github.com/distribution/
// reference regexp.go, ReferenceRegexp, anchored): [domain[:port]/]path[:tag][@digest],
// path components lowercase, tags up to 128 word characters, digests algorithm:hex(32+).
const alnum = '[a-z0-9]+';
const separator = '(?:[._]|__|[-]+)';
const pathComponent = `${alnum}(?:${separator}${alnum})*`;
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const ipv6 = '\\[(?:[a-fA-F0-9:]+)\\]';
const domain = `(?:${domainComponent}(?:\\.${domainComponent})*|${ipv6})(?::[0-9]+)?`;
const name = `(?:${domain}/)?${pathComponent}(?:/${pathComponent})*`;
const tag = '[\\w][\\w.-]{0,127}';
const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9A-Fa-f]{32,}';
const REFERENCE = new RegExp(`^${name}(?::${tag})?(?:@${digest})?$`);

/** Whether `image` matches the reference grammar (reference.ReferenceRegexp.MatchString). */
export function isImageReference(image: string): boolean {
  // a line the terminal accepted is bounded, but the regexp need not see more than a real name holds
  return image.length <= 4096 && REFERENCE.test(image);
}
