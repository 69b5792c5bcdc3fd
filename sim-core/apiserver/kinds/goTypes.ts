// Schema building blocks that remember the Go type each field has in k8s.io/api, so
// a type mismatch is reported as the API server's JSON decoder reports it
// (`json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32`).
// The Go names live in a side table, so the JSON Schema given to Monaco stays clean.
import { z } from 'zod';
import { parseQuantity, QUANTITY_FORMAT_ERROR, unmarshalQuantityText } from './quantity';
import { base64ErrorOffset } from './base64';

const goTypeOf = new WeakMap<z.ZodType, string>();

function mark<T extends z.ZodType>(schema: T, goType: string): T {
  goTypeOf.set(schema, goType);
  return schema;
}

/** The Go type name recorded for a schema (looking through optional wrappers). */
export function goTypeName(schema: z.ZodType): string | undefined {
  return goTypeOf.get(unwrap(schema));
}

export function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
    s = s.unwrap() as z.ZodType;
  }
  return s;
}

export const str = () => mark(z.string(), 'string');
export const bool = () => mark(z.boolean(), 'bool');
export const int32 = () => mark(z.number().int().min(-2147483648).max(2147483647), 'int32');
export const int64 = () => mark(z.number().int(), 'int64');
export const stringMap = () => mark(z.record(z.string(), z.string()), 'map[string]string');
export const stringList = () => mark(z.array(z.string()), '[]string');
export const list = <T extends z.ZodType>(item: T, goType: string) => mark(z.array(item), goType);
/** metav1.Time: RFC 3339 text (seconds). */
export const time = () => mark(z.string(), 'v1.Time');
/** metav1.MicroTime: RFC 3339 text with microseconds (Lease renewTime, Event eventTime). */
export const microTime = () => mark(z.string(), 'v1.MicroTime');

/**
 * []byte: base64 text in JSON. encoding/json decodes it with base64.StdEncoding, so bad
 * text is the decode error `illegal base64 data at input byte N` (Secret data, ConfigMap binaryData).
 */
export const bytes = () =>
  mark(
    z.string().superRefine((value, ctx) => {
      const at = base64ErrorOffset(value);
      if (at >= 0) ctx.addIssue({ code: 'custom', message: `illegal base64 data at input byte ${at}` });
    }),
    '[]uint8',
  );
/** map[string][]byte (reflect names []byte `[]uint8`). */
export const bytesMap = () => mark(z.record(z.string(), bytes()), 'map[string][]uint8');

/**
 * A member kept free-form: any JSON object, recorded under its Go type (metav1.FieldsV1,
 * whose JSON is the raw field set of a managedFields entry).
 */
export const freeFormObject = (goType: string) => mark(z.record(z.string(), z.unknown()), goType);

/** intstr.IntOrString (targetPort, maxSurge, maxUnavailable). */
export const intOrString = () => mark(z.union([z.number().int(), z.string()]), 'intstr.IntOrString');

/** resource.Quantity: a string or a number that must parse, as UnmarshalJSON reads it (decode error otherwise). */
export const quantity = () =>
  mark(
    z.union([z.string(), z.number()]).refine((v) => parseQuantity(unmarshalQuantityText(v)).ok, { message: QUANTITY_FORMAT_ERROR }),
    'resource.Quantity',
  );

export const resourceList = () => mark(z.record(z.string(), quantity()), 'v1.ResourceList');

/**
 * A Go struct: every field optional at decode time (required fields are checked by
 * validation, as in the real server), unknown fields rejected (strict field validation).
 */
export function struct<S extends Record<string, z.ZodType>>(goName: string, shape: S) {
  const optionalShape = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
  return mark(z.strictObject(optionalShape), goName);
}
