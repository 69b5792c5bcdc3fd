// The directives a lesson may use, and their attributes. Anything else is refused, so a
// typo (`::simm`) is an error at check time instead of silently vanishing on the page.
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { Problem, Result } from '../problems';

export type EmbeddedDirective =
  | { name: 'sim'; scenario: string; line: number }
  | { name: 'quiz'; id: string; line: number }
  | { name: 'lab'; id: string; line: number }
  | { name: 'note' | 'warning'; line: number };

const LEAF: Record<string, string> = { sim: 'scenario', quiz: 'id', lab: 'id' };
const CONTAINER = new Set(['note', 'warning']);
const KNOWN = '::sim{scenario=…}, ::quiz{id=…}, ::lab{id=…}, :::note and :::warning';

export function checkDirective(
  node: LeafDirective | ContainerDirective | TextDirective,
  file: string,
): Result<EmbeddedDirective> {
  const line = node.position?.start.line ?? 0;
  const problem = (message: string): Result<EmbeddedDirective> => ({ ok: false, problems: [{ file, line, message }] });
  const attrs = Object.fromEntries(
    Object.entries(node.attributes ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const attrNames = Object.keys(attrs);

  const required = LEAF[node.name];
  if (required !== undefined) {
    if (node.type !== 'leafDirective') {
      return problem(`'${node.name}' is a leaf directive: write it on its own line with two colons, ::${node.name}{${required}=…}`);
    }
    const value = attrs[required]?.trim();
    if (!value) return problem(`::${node.name} needs {${required}=…}, e.g. ::${node.name}{${required}=${node.name === 'sim' ? 'l4-elect-a-leader' : 'raft'}}`);
    const extra = attrNames.filter((a) => a !== required);
    if (extra.length > 0) return problem(`::${node.name} takes only {${required}=…}; remove ${extra.map((a) => `'${a}'`).join(', ')}`);
    if (node.children.length > 0) return problem(`::${node.name} takes no [label]; remove the text in brackets`);
    return node.name === 'sim'
      ? { ok: true, value: { name: 'sim', scenario: value, line } }
      : { ok: true, value: { name: node.name as 'quiz' | 'lab', id: value, line } };
  }
  if (CONTAINER.has(node.name)) {
    if (node.type !== 'containerDirective') {
      return problem(`'${node.name}' is a container: open it with :::${node.name} on its own line and close it with :::`);
    }
    if (attrNames.length > 0) return problem(`:::${node.name} takes no attributes; remove {${attrNames.join(', ')}}`);
    return { ok: true, value: { name: node.name as 'note' | 'warning', line } };
  }
  return problem(`unknown directive '${node.name}'; lessons may use ${KNOWN}`);
}

/** The attributes of a directive, as parity compares them. */
export function directiveAttributes(d: EmbeddedDirective): Record<string, string> {
  switch (d.name) {
    case 'sim':
      return { scenario: d.scenario };
    case 'quiz':
    case 'lab':
      return { id: d.id };
    default:
      return {};
  }
}

export type { Problem };
