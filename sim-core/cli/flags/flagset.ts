// A pflag-compatible flag parser (github.com/spf13/pflag, the library under cobra and
// etcdctl): `--flag=value`, `--flag value`, bool flags without a value, shorthand `-w json`
// / `-wjson` / grouped bools, `--` to end flags, flags interspersed with arguments, and
// pflag's exact error texts (flag.go: parseLongArg, parseSingleShortArg, failf).
import { goQuote, parseGoBool, parseGoDuration, parseGoInt64, parseGoUint64, type GoParse } from './go-values';

export type FlagKind = 'bool' | 'string' | 'int64' | 'uint64' | 'duration' | 'stringSlice' | 'stringArray';

export interface FlagSpec {
  name: string;
  shorthand?: string;
  kind: FlagKind;
  /** the default as pflag prints it in help (DefValue) */
  defValue: string;
  usage: string;
}

export type FlagValue = boolean | string | bigint | number | string[];

export interface ParsedFlags {
  /** every flag's value (its default when not given) */
  values: Map<string, FlagValue>;
  /** names of the flags given on the command line */
  changed: Set<string>;
  /** the positional arguments */
  args: string[];
  /** how many positional arguments came before `--` (cobra's ArgsLenAtDash); -1 without one */
  argsLenAtDash: number;
}

export type FlagParseResult = { ok: true; flags: ParsedFlags } | { ok: false; error: string };

function convert(spec: FlagSpec, raw: string, previous: FlagValue | undefined, changed: boolean): GoParse<FlagValue> {
  switch (spec.kind) {
    case 'bool':
      return parseGoBool(raw);
    case 'string':
      return { ok: true, value: raw };
    case 'int64':
      return parseGoInt64(raw, 10);
    case 'uint64':
      return parseGoUint64(raw, 10);
    case 'duration':
      return parseGoDuration(raw);
    case 'stringSlice': {
      // pflag's stringSlice reads CSV; the first Set replaces the default, later ones append.
      const items = raw === '' ? [] : raw.split(',');
      const before = changed && Array.isArray(previous) ? previous : [];
      return { ok: true, value: [...before, ...items] };
    }
    case 'stringArray': {
      // pflag's stringArray takes each value whole (no CSV); the first Set replaces the default
      const before = changed && Array.isArray(previous) ? previous : [];
      return { ok: true, value: [...before, raw] };
    }
  }
}

export function defaultValue(spec: FlagSpec): FlagValue {
  const list = spec.kind === 'stringSlice' || spec.kind === 'stringArray';
  const parsed = list ? undefined : convert(spec, spec.defValue, undefined, false);
  if (list) {
    const inner = spec.defValue.replace(/^\[|\]$/g, '');
    return inner === '' ? [] : inner.split(',');
  }
  if (parsed && parsed.ok) return parsed.value;
  throw new Error(`flag --${spec.name}: default ${spec.defValue} does not parse`);
}

/**
 * A flag set indexed once: pflag builds its FlagSet when the command is defined, not on
 * every Parse, and a terminal replaying a thousand commands should not rebuild it either.
 * Built from specs that never change afterwards (the command trees are module constants).
 */
export interface FlagTable {
  readonly specs: readonly FlagSpec[];
  readonly byName: ReadonlyMap<string, FlagSpec>;
  readonly byShort: ReadonlyMap<string, FlagSpec>;
  /** every flag's default, in the order parseFlags fills `values` */
  readonly defaults: ReadonlyMap<string, FlagValue>;
  /** the flags whose default is a list (each parse gets its own copy) */
  readonly listDefaults: readonly string[];
}

// defaults by spec: kubectl passes fresh arrays of the same module-level specs every time
const defaultsBySpec = new WeakMap<FlagSpec, FlagValue>();

function cachedDefault(spec: FlagSpec): FlagValue {
  let v = defaultsBySpec.get(spec);
  if (v === undefined) {
    v = defaultValue(spec);
    defaultsBySpec.set(spec, v);
  }
  return v;
}

export function flagTable(specs: readonly FlagSpec[]): FlagTable {
  const defaults = new Map<string, FlagValue>(specs.map((s) => [s.name, cachedDefault(s)]));
  return {
    specs,
    byName: new Map(specs.map((s) => [s.name, s])),
    byShort: new Map(specs.filter((s) => s.shorthand).map((s) => [s.shorthand as string, s])),
    defaults,
    listDefaults: [...defaults].flatMap(([name, v]) => (Array.isArray(v) ? [name] : [])),
  };
}

function isFlagTable(x: readonly FlagSpec[] | FlagTable): x is FlagTable {
  return !Array.isArray(x);
}

function displayName(spec: FlagSpec): string {
  return spec.shorthand ? `-${spec.shorthand}, --${spec.name}` : `--${spec.name}`;
}

/** pflag's FlagSet.Set: the error text, or undefined once the value is stored. */
function setFlag(parsed: ParsedFlags, spec: FlagSpec, raw: string): string | undefined {
  const v = convert(spec, raw, parsed.values.get(spec.name), parsed.changed.has(spec.name));
  if (!v.ok) return `invalid argument ${goQuote(raw)} for "${displayName(spec)}" flag: ${v.error}`;
  parsed.values.set(spec.name, v.value);
  parsed.changed.add(spec.name);
  return undefined;
}

export function parseFlags(argv: string[], specs: readonly FlagSpec[] | FlagTable): FlagParseResult {
  const { byName, byShort, defaults, listDefaults } = isFlagTable(specs) ? specs : flagTable(specs);
  const values = new Map<string, FlagValue>(defaults);
  // the table's default lists are shared by every parse: each parse gets its own copies
  for (const name of listDefaults) values.set(name, [...(defaults.get(name) as string[])]);
  const parsed: ParsedFlags = { values, changed: new Set<string>(), args: [], argsLenAtDash: -1 };
  const args = parsed.args;

  let i = 0;
  while (i < argv.length) {
    const s = argv[i] as string;
    i++;
    if (s.length < 2 || s[0] !== '-') {
      args.push(s);
      continue;
    }
    if (s === '--') {
      parsed.argsLenAtDash = args.length;
      args.push(...argv.slice(i));
      break;
    }
    if (s.startsWith('--')) {
      const body = s.slice(2);
      if (body.startsWith('-') || body.startsWith('=')) return { ok: false, error: `bad flag syntax: ${s}` };
      const eq = body.indexOf('=');
      const name = eq < 0 ? body : body.slice(0, eq);
      const spec = byName.get(name);
      if (!spec) return { ok: false, error: `unknown flag: --${name}` };
      let raw: string;
      if (eq >= 0) raw = body.slice(eq + 1);
      else if (spec.kind === 'bool') raw = 'true';
      else if (i < argv.length) raw = argv[i++] as string;
      else return { ok: false, error: `flag needs an argument: ${s}` };
      const err = setFlag(parsed, spec, raw);
      if (err) return { ok: false, error: err };
      continue;
    }
    // one or more shorthands: -w json, -wjson, -w=json, -ih
    let shorts = s.slice(1);
    while (shorts.length > 0) {
      const c = shorts[0] as string;
      const spec = byShort.get(c);
      if (!spec) return { ok: false, error: `unknown shorthand flag: '${c}' in -${shorts}` };
      let raw: string;
      if (shorts.length > 2 && shorts[1] === '=') {
        raw = shorts.slice(2);
        shorts = '';
      } else if (spec.kind === 'bool') {
        raw = 'true';
        shorts = shorts.slice(1);
      } else if (shorts.length > 1) {
        raw = shorts.slice(1);
        shorts = '';
      } else if (i < argv.length) {
        raw = argv[i++] as string;
        shorts = '';
      } else {
        return { ok: false, error: `flag needs an argument: '${c}' in -${c}` };
      }
      const err = setFlag(parsed, spec, raw);
      if (err) return { ok: false, error: err };
    }
  }
  return { ok: true, flags: parsed };
}
