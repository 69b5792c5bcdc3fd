// Limits on manifest input. Every one bounds the work a hostile file can cause, so
// decoding always ends quickly with either objects or a clear error.

/**
 * 3 MiB: kube-apiserver's default --max-request-body-bytes (3 * 1024 * 1024). A larger
 * request is refused with 413 before it is decoded. etcd's own limit (--max-request-bytes,
 * 1.5 MiB) applies later, per stored object, and belongs to the storage layer: a single
 * object between 1.5 and 3 MiB decodes here and is refused when written.
 */
export const MAX_MANIFEST_BYTES = 3 * 1024 * 1024;

/** YAML aliases (`*ref`) per document: real manifests use a handful; billion-laughs needs many. */
export const MAX_ALIAS_COUNT = 100;

/** Nesting of mappings and sequences. Built-in kinds nest about 12 deep. */
export const MAX_DEPTH = 100;

/** Documents per file (`---` separated, or JSON values in a stream). */
export const MAX_DOCUMENTS = 500;

/** Values visited per file, counting alias expansions: the bound on decoding work. */
export const MAX_NODES = 500_000;

/** Keys that could reach an object's prototype if code ever merged objects naively. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
