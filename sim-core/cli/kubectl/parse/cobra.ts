// cobra's and pflag's parts of kubectl's command-line handling: finding the command word,
// NoOptDefVal flags, "Did you mean this?", dry-run strategies, and the three shapes of
// refusal text (see parse.ts).
import { type FlagSpec } from '../../flags/flagset';
import { parseGoBool } from '../../flags/go-values';
import type { PropagationPolicy } from '../../../client';
import type { DryRun } from '../messages';
import type { ParseResult } from './command';
import { NO_OPT_DEFAULTS, ROOT_COMMANDS } from './flags';

export const HELP: FlagSpec = { name: 'help', shorthand: 'h', kind: 'bool', defValue: 'false', usage: '' };

export const fail = (stderr: string): ParseResult => ({ ok: false, stdout: '', stderr, exitCode: 1 });
export const plainError = (msg: string): ParseResult => fail(`error: ${msg}\n`);
export const usageError = (path: string, msg: string): ParseResult => fail(`error: ${msg}\nSee 'kubectl ${path} -h' for help and examples\n`);
export const flagError = (path: string, msg: string): ParseResult => fail(`Error: ${msg}\nSee 'kubectl ${path} --help' for usage.\n`);

export const MISSING_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

export const GET_FORMATS = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';
export const PRINT_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** pflag's NoOptDefVal: a bare `--dry-run` means `--dry-run=unchanged`. */
export function applyNoOptDefaults(argv: readonly string[]): string[] {
  return argv.map((a) => {
    if (!a.startsWith('--')) return a;
    const def = NO_OPT_DEFAULTS[a.slice(2)];
    return def === undefined ? a : `${a}=${def}`;
  });
}

/** cobra's stripFlags: the words that are neither flags nor flag values (global flags only). */
export function commandWords(argv: readonly string[], flags: readonly FlagSpec[]): string[] {
  const takesValue = (f: FlagSpec | undefined): boolean => f !== undefined && f.kind !== 'bool';
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const s = argv[i] as string;
    if (s === '--') break;
    if (s.startsWith('--')) {
      if (!s.includes('=') && takesValue(flags.find((f) => f.name === s.slice(2)))) i++;
    } else if (s.startsWith('-') && s.length > 1) {
      if (s.length === 2 && takesValue(flags.find((f) => f.shorthand === s[1]))) i++;
    } else words.push(s);
  }
  return words;
}

export function removeWord(argv: readonly string[], word: string): string[] {
  const i = argv.indexOf(word);
  return i < 0 ? [...argv] : [...argv.slice(0, i), ...argv.slice(i + 1)];
}

/** cobra's ld(): case-insensitive Levenshtein distance. */
export function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[t.length] as number;
}

export function unknownRootCommand(word: string): ParseResult {
  const suggestions = ROOT_COMMANDS.filter((n) => distance(word, n) <= 2 || n.startsWith(word.toLowerCase()));
  let msg = `unknown command "${word}" for "kubectl"`;
  if (suggestions.length > 0) msg += `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}`;
  return fail(`Error: ${msg}\n`);
}

/** GetDryRunStrategy (cmd/util/helpers.go), with its deprecation warnings. */
export function dryRunStrategy(value: string, warn: (line: number, msg: string) => void): { ok: true; value: DryRun } | { ok: false; error: string } {
  const b = parseGoBool(value);
  if (b.ok) {
    warn(716, `--dry-run=${value} is deprecated (boolean value) and can be replaced with --dry-run=${b.value ? 'client' : 'none'}.`);
    return { ok: true, value: b.value ? 'client' : 'none' };
  }
  switch (value) {
    case 'unchanged':
      warn(702, '--dry-run is deprecated and can be replaced with --dry-run=client.');
      return { ok: true, value: 'client' };
    case 'client':
    case 'server':
    case 'none':
      return { ok: true, value };
  }
  return { ok: false, error: `Invalid dry-run value (${value}). Must be "none", "server", or "client".` };
}


/** strconv.ParseBool's words, as a deprecated boolean --cascade takes them. */
const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { '1': true, t: true, T: true, TRUE: true, true: true, True: true, '0': false, f: false, F: false, FALSE: false, false: false, False: false };
const CASCADE: Readonly<Record<string, PropagationPolicy>> = { background: 'Background', foreground: 'Foreground', orphan: 'Orphan' };

/**
 * delete_flags.go parseCascadingFlag (DeleteFlags.ToOptions, for delete, apply and replace):
 * the propagation policy, with a boolean's deprecation warning (stderr), or the refusal.
 */
export function cascadingStrategy(value: string): { ok: true; policy: PropagationPolicy; warning?: string } | { ok: false; error: string } {
  const asBool = Object.hasOwn(BOOLEAN_WORDS, value) ? BOOLEAN_WORDS[value] : undefined;
  if (asBool !== undefined) {
    const replacement = asBool ? 'background' : 'orphan';
    return { ok: true, policy: CASCADE[replacement] as PropagationPolicy, warning: `warning: --cascade=${value} is deprecated (boolean value) and can be replaced with --cascade=${replacement}.\n` };
  }
  const policy = Object.hasOwn(CASCADE, value) ? CASCADE[value] : undefined;
  if (policy === undefined) return { ok: false, error: `invalid cascade value (${value}). Must be "background", "foreground", or "orphan"` };
  return { ok: true, policy };
}
