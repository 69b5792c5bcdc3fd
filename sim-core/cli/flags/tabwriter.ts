// Go's text/tabwriter with the settings etcdctl's help uses (etcdctl/ctlv3/help.go:
// minwidth 0, tabwidth 8, padding 1, padchar '\t', no flags). Cells are tab-terminated;
// a column block is a run of consecutive lines that have a cell in that column, and its
// width is the widest cell plus padding, rounded up to a multiple of the tab width; cells
// are padded with tabs. The algorithm follows text/tabwriter.Writer.format.

const TAB_WIDTH = 8;
const PADDING = 1;

type Line = string[]; // the cells; the last one is the unterminated trailing text

function runeCount(s: string): number {
  return [...s].length;
}

export function tabwrite(text: string): string {
  const lines: Line[] = text.split('\n').map((l) => l.split('\t'));
  const widths: number[] = [];
  let out = '';

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const line = lines[i] as Line;
      line.forEach((cell, j) => {
        out += cell;
        if (j < line.length - 1 && j < widths.length) {
          const cellw = Math.ceil((widths[j] as number) / TAB_WIDTH) * TAB_WIDTH;
          const n = cellw - runeCount(cell);
          out += '\t'.repeat(Math.ceil(n / TAB_WIDTH));
        }
      });
      if (i + 1 < lines.length) out += '\n';
    }
  };

  const format = (line0In: number, line1: number): void => {
    let line0 = line0In;
    const column = widths.length;
    for (let current = line0; current < line1; current++) {
      const line = lines[current] as Line;
      if (column >= line.length - 1) continue;
      writeLines(line0, current);
      line0 = current;
      let width = 0;
      for (; current < line1; current++) {
        const l = lines[current] as Line;
        if (column >= l.length - 1) break;
        width = Math.max(width, runeCount(l[column] as string) + PADDING);
      }
      widths.push(width);
      format(line0, current);
      widths.pop();
      line0 = current;
      current--; // the outer loop's increment resumes at `current`
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out;
}
