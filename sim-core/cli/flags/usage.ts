// etcdctl's own help page (etcdctl/ctlv3/help.go, v3.4): cobra's usage function replaced
// by a text/template rendered through a tabwriter, with flags printed by etcdFlagUsages.
// Reproduced section by section so that `etcdctl get --bogus` prints byte for byte what
// the real tool prints.
import { commandName, commandPath, inheritedFlags, localFlags, sortedChildren, type Command } from './command';
import { goQuote } from './go-values';
import type { FlagSpec } from './flagset';
import { tabwrite } from './tabwriter';

export interface UsageExtras {
  version: string;
  apiVersion: string;
  /** the root's COMMANDS list ([path, short]) — it names commands this simulation does not model */
  rootCommands: Array<[string, string]>;
}

/** etcdFlagUsages: one line per flag, `[=default]` for flags that take no value. */
export function flagUsages(flags: readonly FlagSpec[]): string {
  return flags
    .map((f) => {
      const head = f.shorthand ? `  -${f.shorthand}, --${f.name}` : `      --${f.name}`;
      const def = f.kind === 'string' ? goQuote(f.defValue) : f.defValue;
      const value = f.kind === 'bool' ? `[=${def}]` : `=${def}`;
      return `${head}${value}\t${f.usage}\n`;
    })
    .join('');
}

/** cobra's UseLine: the parent's path, the use text, and ` [flags]`. */
export function useLine(cmd: Command<unknown>): string {
  const line = cmd.parent ? `${commandPath(cmd.parent)} ${cmd.use}` : cmd.use;
  return line.includes('[flags]') ? line : `${line} [flags]`;
}

function relativeName(cmd: Command<unknown>, start: Command<unknown>): string {
  const parts = [commandName(cmd)];
  for (let c = cmd; c.parent && commandName(c.parent) !== commandName(start); c = c.parent) {
    parts.unshift(commandName(c.parent));
  }
  return parts.join(' ');
}

function allSubCommands(cmd: Command<unknown>): Command<unknown>[] {
  return sortedChildren(cmd).flatMap((c) => [c, ...allSubCommands(c)]);
}

export function renderUsage(cmd: Command<unknown>, extras: UsageExtras): string {
  const isRoot = !cmd.parent;
  let root = cmd;
  while (root.parent) root = root.parent;
  let t = 'NAME:\n';
  t += isRoot ? `\t${commandName(cmd)} - ${cmd.short}\n` : `\t${relativeName(cmd, root)} - ${cmd.short}\n`;
  t += `\nUSAGE:\n\t${useLine(cmd)}\n`;
  if (isRoot) t += `\nVERSION:\n\t${extras.version}\n`;
  const hasSub = (cmd.children ?? []).length > 0;
  if (hasSub) {
    t += `\nAPI VERSION:\n\t${extras.apiVersion}\n`;
    t += '\n\nCOMMANDS:\n';
    const rows = isRoot
      ? extras.rootCommands
      : allSubCommands(cmd)
          .filter((c) => c.run)
          .map((c): [string, string] => [relativeName(c, cmd), c.short]);
    for (const [name, short] of rows) t += `\t${name}\t${short}\n`;
  }
  if (cmd.long) {
    const lines = cmd.long.replace(/^[\n\t ]+|[\n\t ]+$/g, '').split('\n');
    t += '\nDESCRIPTION:\n' + lines.map((l) => `\t${l}\n`).join('');
  }
  t += `\nOPTIONS:\n${flagUsages(localFlags(cmd))}`;
  const inherited = inheritedFlags(cmd);
  if (inherited.length > 0) t += `\nGLOBAL OPTIONS:\n${flagUsages(inherited)}`;
  t += '\n';
  return tabwrite(t);
}
