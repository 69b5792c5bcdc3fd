// The file `kubectl edit` hands the editor, and how it reads the saved one back (kubectl
// pkg/cmd/util/editor/editoptions.go, pkg/cmd/util/helpers.go StripComments/ManualStrip):
// the header comment (YAML only: a JSON file gets none), the object — or a List of them —
// as `-o yaml|json` prints it, CRLF line ends with --windows-line-endings; on a save kubectl
// cannot apply, the same header with the reasons under it and the saved text after it,
// comment lines removed.
import type { KubeObject } from '../../client';
import { printStructured } from './structured';

export type EditFormat = 'yaml' | 'json';

/** editHeader.writeTo's text for a normal edit, exactly. */
export const EDIT_HEADER =
  "# Please edit the object below. Lines beginning with a '#' will be ignored,\n" +
  '# and an empty file will abort the edit. If an error occurs while saving this file will be\n' +
  '# reopened with the relevant failures.\n' +
  '#\n';

/** Why a saved file is reopened (editReason): a head line, and the causes listed under it. */
export interface EditReason {
  head: string;
  other: string[];
}

/** crlf.NewCRLFWriter: every `\n` written as `\r\n`. */
function crlf(text: string): string {
  return text.replace(/\n/g, '\r\n');
}

/** The List an edit of several objects opens (an UnstructuredList: `metadata: {}`, no resourceVersion). */
function editList(objects: readonly KubeObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...objects], kind: 'List', metadata: {} };
}

/** The file kubectl opens: the header (YAML), then the object, or a List of several, as -o prints it (keys sorted). */
export function editorFile(objects: readonly KubeObject[], format: EditFormat, windowsLineEndings: boolean): string {
  const doc = objects.length === 1 ? objects[0]! : editList(objects);
  const text = (format === 'yaml' ? EDIT_HEADER : '') + printStructured([doc], format, false);
  return windowsLineEndings ? crlf(text) : text;
}

/** hashOnLineBreak: a line break in a reason goes on as another comment line. */
export function hashOnLineBreak(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    out += i + 1 < s.length && ch === '\n' && s[i + 1] !== '#' ? '\n# ' : ch;
  }
  return out;
}

function reasonLines(reasons: readonly EditReason[]): string {
  let out = '';
  for (const r of reasons) {
    out += r.other.length > 0 ? `# ${hashOnLineBreak(r.head)}:\n` : `# ${hashOnLineBreak(r.head)}\n`;
    for (const o of r.other) out += `# * ${hashOnLineBreak(o)}\n`;
    out += '#\n';
  }
  return out;
}

/**
 * The file kubectl reopens after a save it could not apply: the header with the reasons
 * (YAML; a JSON file has no header, so none), then the saved text without its comment lines
 * — written as it was saved, line ends and all (only the header goes through the CRLF writer).
 */
export function reopenedFile(reasons: readonly EditReason[], edited: string, format: EditFormat, windowsLineEndings: boolean): string {
  const header = format === 'yaml' ? EDIT_HEADER + reasonLines(reasons) : '';
  return (windowsLineEndings ? crlf(header) : header) + manualStrip(edited);
}

/** The reason lines of a reopened file's header (after kubectl's own four lines): what a transcript shows of it. */
export function reopenedReasons(buffer: string): string[] {
  const text = buffer.replace(/\r\n/g, '\n');
  if (!text.startsWith(EDIT_HEADER)) return [];
  const lines = text.slice(EDIT_HEADER.length).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('#'));
  return lines.slice(0, end < 0 ? lines.length : end);
}

/** cmdutil.ManualStrip: the lines that are not comments (`#…` after spaces, but `#!…` is kept), joined as they were. */
export function manualStrip(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('#') && !trimmed.startsWith('#!')) return;
    kept.push(i < lines.length - 1 ? `${line}\n` : line);
  });
  return kept.join('');
}

/** hasLines: whether any line has something other than spaces and is not a comment. */
export function hasLines(text: string): boolean {
  return text.split('\n').some((line) => {
    const trimmed = line.trim();
    return trimmed.length > 0 && !trimmed.startsWith('#');
  });
}

/** The digits os.CreateTemp puts in `kubectl-edit-*.yaml`: here from the saved text, so a replay names the same file. */
export function editTempFile(edited: string, format: EditFormat): string {
  // FNV-1a over the UTF-16 code units, as an unsigned 32-bit number (CreateTemp's are uint32 too)
  let h = 0x811c9dc5;
  for (let i = 0; i < edited.length; i++) {
    h ^= edited.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `/tmp/kubectl-edit-${h}.${format}`;
}
