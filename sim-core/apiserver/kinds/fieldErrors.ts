// Field errors in the exact text shape of k8s.io/apimachinery/pkg/util/validation/field
// (errors.go, release 1.32) and the way kubectl prints an Invalid status
// (kubectl pkg/cmd/util/helpers.go: checkErr + MultilineError).

export type FieldErrorType =
  | 'Not found'
  | 'Required value'
  | 'Duplicate value'
  | 'Invalid value'
  | 'Unsupported value'
  | 'Forbidden'
  | 'Too long'
  | 'Too many'
  | 'Internal error';

/** A bad value as Go would print it: numbers/booleans plain, strings quoted, maps with %#v. */
export type BadValue =
  | { kind: 'none' }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'go'; text: string };

export interface FieldError {
  type: FieldErrorType;
  /** Path as field.Path.String() prints it: `spec.template.spec.containers[0].image`. */
  field: string;
  badValue: BadValue;
  detail: string;
}

const NONE: BadValue = { kind: 'none' };

export function stringValue(value: string): BadValue {
  return { kind: 'string', value };
}

/** Map a JSON value to how %v / %q / %#v would show it in the Go error. */
export function badValueOf(value: unknown): BadValue {
  if (typeof value === 'string') return { kind: 'string', value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value === null || value === undefined) return { kind: 'string', value: 'null' };
  return { kind: 'go', text: goSyntax(value) };
}

/** Go's %#v for the map[string]string and []string values that validation reports. */
export function goSyntax(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return `[]string{${value.map(goQuote).join(', ')}}`;
    return `[]interface {}{${value.map(goSyntax).join(', ')}}`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.every(([, v]) => typeof v === 'string')) {
      return `map[string]string{${entries.map(([k, v]) => `${goQuote(k)}:${goQuote(v as string)}`).join(', ')}}`;
    }
    return `map[string]interface {}{${entries.map(([k, v]) => `${goQuote(k)}:${goSyntax(v)}`).join(', ')}}`;
  }
  if (typeof value === 'string') return goQuote(value);
  return String(value);
}

/** strconv.Quote for the printable subset: JSON escaping matches it closely enough. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

export function required(field: string, detail = ''): FieldError {
  return { type: 'Required value', field, badValue: stringValue(''), detail };
}

export function invalid(field: string, value: unknown, detail: string): FieldError {
  return { type: 'Invalid value', field, badValue: badValueOf(value), detail };
}

export function notSupported(field: string, value: unknown, supported: readonly string[]): FieldError {
  const detail = supported.length > 0 ? `supported values: ${supported.map(goQuote).join(', ')}` : '';
  return { type: 'Unsupported value', field, badValue: badValueOf(value), detail };
}

export function forbidden(field: string, detail: string): FieldError {
  return { type: 'Forbidden', field, badValue: stringValue(''), detail };
}

export function duplicate(field: string, value: unknown): FieldError {
  return { type: 'Duplicate value', field, badValue: badValueOf(value), detail: '' };
}

export function tooLong(field: string, maxLength: number): FieldError {
  return { type: 'Too long', field, badValue: NONE, detail: `may not be more than ${maxLength} bytes` };
}

/** field.Error.ErrorBody(): the type, the value (unless the type omits it), the detail. */
export function errorBody(e: FieldError): string {
  const omitsValue =
    e.type === 'Required value' || e.type === 'Forbidden' || e.type === 'Too long' || e.type === 'Internal error';
  let s: string = e.type;
  if (!omitsValue) {
    const v = e.badValue;
    if (v.kind === 'string') s += `: ${goQuote(v.value)}`;
    else if (v.kind === 'number' || v.kind === 'boolean') s += `: ${String(v.value)}`;
    else if (v.kind === 'go') s += `: ${v.text}`;
  }
  if (e.detail.length > 0) s += `: ${e.detail}`;
  return s;
}

/** field.Error.Error(): `<field>: <body>`. */
export function formatFieldError(e: FieldError): string {
  return `${e.field}: ${errorBody(e)}`;
}

/** field.ErrorType's value, which a StatusCause carries as its reason. */
const CAUSE_TYPES: Readonly<Record<FieldErrorType, string>> = {
  'Not found': 'FieldValueNotFound',
  'Required value': 'FieldValueRequired',
  'Duplicate value': 'FieldValueDuplicate',
  'Invalid value': 'FieldValueInvalid',
  'Unsupported value': 'FieldValueNotSupported',
  Forbidden: 'FieldValueForbidden',
  'Too long': 'FieldValueTooLong',
  'Too many': 'FieldValueTooMany',
  'Internal error': 'InternalError',
};

/** errors.NewInvalid's details.causes: each error's type, body and field. */
export function statusCauses(errors: readonly FieldError[]): Array<{ reason: string; message: string; field: string }> {
  return errors.map((e) => ({ reason: CAUSE_TYPES[e.type], message: errorBody(e), field: e.field }));
}

/**
 * errors.NewInvalid's message, what Go's err.Error() gives and a wrapping text quotes:
 * `Deployment.apps "web" is invalid: <the ErrorList as an aggregate>` — one error as it
 * is, several as `[a, b]`, repeats dropped (ErrorList.ToAggregate).
 */
export function invalidMessage(kind: string, group: string, name: string, errors: readonly FieldError[]): string {
  const header = `${group === '' ? kind : `${kind}.${group}`} ${goQuote(name)} is invalid`;
  const messages = [...new Set(errors.map(formatFieldError))];
  if (messages.length === 0) return header;
  return `${header}: ${messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`}`;
}

/**
 * What kubectl prints for a 422 Invalid status (without the trailing newline):
 * one error on the same line, several as a `* ` list under the header.
 * Duplicate messages are dropped as statusCausesToAggrError does.
 */
export function formatInvalid(kind: string, name: string, errors: readonly FieldError[]): string {
  const header = `The ${kind} ${goQuote(name)} is invalid`;
  const messages = [...new Set(errors.map(formatFieldError))];
  if (messages.length === 0) return header;
  if (messages.length === 1) return `${header}: ${messages[0]}`;
  return `${header}: \n${messages.map((m) => `* ${m}`).join('\n')}`;
}
