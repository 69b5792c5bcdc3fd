// Test helpers for the kinds' strict decoding (schemaFields.test.ts, strictStructs.test.ts):
// decode a manifest as the API server does, expect it accepted or refused, and read its
// -o json back in the printer's (Go's) field order.
import { decodeObject, kindFor, printJson } from './index';

export function decode(input: Record<string, unknown>) {
  const def = kindFor(String(input.apiVersion), String(input.kind));
  if (!def) throw new Error(`no kind ${String(input.kind)}`);
  return decodeObject(def, input);
}

export function accepted(input: Record<string, unknown>): Record<string, unknown> {
  const r = decode(input);
  if (!r.ok) throw new Error(r.message);
  return r.object;
}

export function refusal(input: Record<string, unknown>): string {
  const r = decode(input);
  if (r.ok) throw new Error('expected a refusal');
  return r.message;
}

/** -o json of the object, read back (JSON.parse keeps key order). */
export function printed(object: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(printJson(object)) as Record<string, unknown>;
}
