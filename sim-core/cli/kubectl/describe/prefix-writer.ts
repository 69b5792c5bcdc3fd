// describe.go's PrefixWriter over tabbedString's tabwriter (minwidth 0, padding 2, ' '):
// Write(level, text) indents by two spaces per level; Flush formats what came before on its
// own (DescribeEvents flushes before its table). Escaping of terminal control characters
// (printers.WriteEscaped) is left to the terminal.
import { DESCRIBE_TABWRITER, Tabwriter } from '../tabwriter';

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;

/** What a section printer writes through: the PrefixWriter itself, or one nested in it. */
export interface DescribeWriter {
  write(level: number, text: string): void;
  writeLine(text: string): void;
}

export class PrefixWriter implements DescribeWriter {
  private readonly tw = new Tabwriter(DESCRIBE_TABWRITER);

  write(level: number, text: string): void {
    this.tw.write('  '.repeat(level) + text);
  }

  /** fmt.Sprintln: the text and a newline, no indentation. */
  writeLine(text: string): void {
    this.tw.write(text + '\n');
  }

  flush(): void {
    this.tw.flush();
  }

  text(): string {
    return this.tw.text();
  }
}

/**
 * NewNestedPrefixWriter: every level shifted by `indent`. Its WriteLine is indented too (it
 * writes at level `indent`), so a `<none>` after a title's tab comes out indented — as in
 * an ephemeral volume's claim template.
 */
export function nestedPrefixWriter(out: DescribeWriter, indent: number): DescribeWriter {
  return {
    write: (level, text) => out.write(level + indent, text),
    writeLine: (text) => out.write(indent, `${text}\n`),
  };
}
