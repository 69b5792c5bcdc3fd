// The create path of one object through the API server's pipeline, minus storage:
// strict decode (400 BadRequest) → defaulting → validation (422 Invalid). The caller (the
// API server's request handler) fills metadata.namespace before this and
// uid/creationTimestamp/resourceVersion after it. A create runs the two halves apart
// (decodeForCreate, then the mutating admission plugins, then validateDecoded), as the
// real handler does: admission sees the defaulted object before it is validated.
import type { FieldValidation } from '../../client';
import { decodeObject } from './decode';
import { formatInvalid, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';
import { kindFor } from './registry';

/** warnings: a Warn decode's dropped fields, which go out with the answer whatever validation says */
export type AdmitResult = (
  | { ok: true; kind: KindDefinition; object: Record<string, unknown> }
  | { ok: false; code: 400; reason: 'BadRequest'; message: string }
  | { ok: false; code: 404; reason: 'NotFound'; message: string }
  | { ok: false; code: 422; reason: 'Invalid'; message: string; errors: FieldError[] }
) & { warnings?: string[] };

export function admitForCreate(input: Record<string, unknown>, fieldValidation?: FieldValidation): AdmitResult {
  const decoded = decodeForCreate(input, fieldValidation);
  if (!decoded.ok) return decoded;
  const valid = validateDecoded(decoded.kind, decoded.object);
  // a Warn decode's warnings go out with the answer, whatever validation then says
  return decoded.warnings !== undefined ? { ...valid, warnings: decoded.warnings } : valid;
}

/** The kind the body names, its strict decode and its defaults: what admission is handed. */
export function decodeForCreate(input: Record<string, unknown>, fieldValidation?: FieldValidation): AdmitResult {
  const apiVersion = String(input.apiVersion ?? '');
  const kind = String(input.kind ?? '');
  const def = kindFor(apiVersion, kind);
  if (!def) {
    const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
    const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
    // kubectl's REST mapping failure: `no matches for kind "Frob" in version "v1"`.
    const gv = group === '' ? version : `${group}/${version}`;
    return { ok: false, code: 404, reason: 'NotFound', message: `no matches for kind "${kind}" in version "${gv}"` };
  }
  const decoded = decodeObject(def, input, fieldValidation);
  if (!decoded.ok) return decoded;
  return { ok: true, kind: def, object: def.defaults(decoded.object), ...(decoded.warnings !== undefined ? { warnings: decoded.warnings } : {}) };
}

/** The kind's validation of a decoded, defaulted (and admitted) object. */
export function validateDecoded(def: KindDefinition, object: Record<string, unknown>): AdmitResult {
  const errors = def.validate(object);
  if (errors.length > 0) {
    const meta = (object.metadata ?? {}) as { name?: string };
    return { ok: false, code: 422, reason: 'Invalid', message: formatInvalid(def.kind, meta.name ?? '', errors), errors };
  }
  return { ok: true, kind: def, object };
}
