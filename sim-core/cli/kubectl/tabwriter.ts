// Go's text/tabwriter as kubectl uses it, with padding by a character (never tabs):
// - `kubectl get` (cli-runtime printers.GetNewTabWriter): minwidth 6, padding 3, ' ', and
//   the liggitt/tabwriter fork's RememberWidths, so `get -w` rows stay aligned with the
//   header printed before them;
// - `kubectl describe` (describe.go tabbedString): minwidth 0, padding 2, ' '.
// Cells are tab-terminated; the text after a line's last tab is not part of any column. A
// column block is a run of consecutive lines that have a cell in that column; its width is
// the widest cell plus the padding (at least minwidth). Same algorithm as
// text/tabwriter.Writer.format, which ../flags/tabwriter.ts follows for etcdctl's tab padding.

export interface TabwriterOptions {
  minWidth: number;
  padding: number;
  /** widths kept across flushes (liggitt/tabwriter RememberWidths) */
  rememberWidths?: boolean;
}

export const GET_TABWRITER: TabwriterOptions = { minWidth: 6, padding: 3, rememberWidths: true };
export const DESCRIBE_TABWRITER: TabwriterOptions = { minWidth: 0, padding: 2 };

const runeCount = (s: string): number => [...s].length;

/** A tabwriter that buffers text and formats it at each flush. */
export class Tabwriter {
  private buffer = '';
  private out = '';
  private readonly remembered: number[] = [];

  constructor(private readonly options: TabwriterOptions) {}

  write(text: string): void {
    this.buffer += text;
  }

  flush(): void {
    if (this.buffer === '') return;
    this.out += this.format(this.buffer);
    this.buffer = '';
  }

  /** Forget remembered widths (kubectl get does so when a new kind's table starts). */
  resetWidths(): void {
    this.remembered.length = 0;
  }

  text(): string {
    this.flush();
    return this.out;
  }

  private format(text: string): string {
    const lines = text.split('\n').map((l) => l.split('\t'));
    const widths: number[] = [];
    const { minWidth, padding, rememberWidths } = this.options;
    let out = '';

    const writeLines = (line0: number, line1: number): void => {
      for (let i = line0; i < line1; i++) {
        const line = lines[i] as string[];
        line.forEach((cell, j) => {
          out += cell;
          if (j < line.length - 1 && j < widths.length) out += ' '.repeat(Math.max(0, (widths[j] as number) - runeCount(cell)));
        });
        if (i + 1 < lines.length) out += '\n';
      }
    };

    const format = (line0In: number, line1: number): void => {
      let line0 = line0In;
      const column = widths.length;
      for (let current = line0; current < line1; current++) {
        if (column >= (lines[current] as string[]).length - 1) continue;
        writeLines(line0, current);
        line0 = current;
        let width = minWidth;
        for (; current < line1; current++) {
          const l = lines[current] as string[];
          if (column >= l.length - 1) break;
          width = Math.max(width, runeCount(l[column] as string) + padding);
        }
        if (rememberWidths) {
          width = Math.max(width, this.remembered[column] ?? 0);
          this.remembered[column] = width;
        }
        widths.push(width);
        format(line0, current);
        widths.pop();
        line0 = current;
        current--;
      }
      writeLines(line0, line1);
    };

    format(0, lines.length);
    return out;
  }
}

/** Formats a whole text at once. */
export function tabwrite(text: string, options: TabwriterOptions): string {
  const w = new Tabwriter(options);
  w.write(text);
  return w.text();
}
