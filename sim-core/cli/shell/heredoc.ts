// Here-documents, as bash reads them (bash(1), "Here Documents"): a command line ending in
// `<<WORD` takes the lines after it, up to a line that is exactly WORD, as its standard
// input, each line ending in a newline. `<<'WORD'` and `<<"WORD"` name the same delimiter
// (bash would then not expand the body; this terminal never expands it), and `<<-WORD`
// strips leading tabs from the body lines and the delimiter line. The scenario runner
// (../scenario.ts) and the browser terminal both read here-documents with these functions.

/** A command line that opens a here-document. */
export interface HeredocStart {
  /** the command without the operator: what runs, and what the action log records */
  command: string;
  /** the operator as written, e.g. `<<EOF`, `<<'END'`, `<<-EOF` */
  operator: string;
  /** the word that ends the body */
  delimiter: string;
  /** `<<-`: leading tabs are stripped from the body lines */
  stripTabs: boolean;
}

// the operator at the end of the line; not the `<<<` of a here-string. No white space is
// matched before `<<` (a run of it would make every start in it a new attempt: quadratic).
const OPERATOR = /(?<!<)<<(-?)\s*(?:'([^'\n]+)'|"([^"\n]+)"|([A-Za-z0-9_.-]+))$/;

/** An operator as the action log may keep it (`<<EOF`, `<<-'END'`): one line, a delimiter of at most 64 characters. */
export const HEREDOC_OPERATOR = /^<<-?[ \t]*(?:'[^'\n]{1,64}'|"[^"\n]{1,64}"|[A-Za-z0-9_.-]{1,64})$/;

/** The here-document `line` opens, if it ends in one (a line that is only the operator opens none). */
export function heredocStart(line: string): HeredocStart | undefined {
  // trimEnd, not /\s+$/: that pattern retries at every blank of a long run (quadratic)
  const text = line.trimEnd();
  const m = OPERATOR.exec(text);
  if (!m) return undefined;
  const command = text.slice(0, m.index).trimEnd();
  if (command.trim() === '') return undefined;
  return { command, operator: text.slice(m.index), delimiter: (m[2] ?? m[3] ?? m[4]) as string, stripTabs: m[1] === '-' };
}

/** A body line as it goes into the standard input: without its leading tabs after `<<-`. */
export function heredocBodyLine(start: Pick<HeredocStart, 'stripTabs'>, line: string): string {
  return start.stripTabs ? line.replace(/^\t+/, '') : line;
}

/** Whether `line` ends the here-document (trailing blanks allowed, as the scenario runner always has). */
export function endsHeredoc(start: Pick<HeredocStart, 'delimiter' | 'stripTabs'>, line: string): boolean {
  return heredocBodyLine(start, line).trimEnd() === start.delimiter;
}

/** The standard input a here-document's body lines make: each line and a newline. */
export function heredocStdin(lines: readonly string[]): string {
  return lines.map((l) => l + '\n').join('');
}

/**
 * A here-document that gives `stdin`, for showing a logged command with its standard
 * input as the learner typed it: the body lines, and the `operator` it was typed with
 * when the log kept it (and no body line would have ended it); else `<<EOF` (`EOF1`,
 * `EOF2`, … when a body line is `EOF`).
 */
export function heredocOf(stdin: string, operator?: string): { operator: string; delimiter: string; lines: string[] } {
  const lines = stdin === '' ? [] : (stdin.endsWith('\n') ? stdin.slice(0, -1) : stdin).split('\n');
  const typed = operator === undefined || !HEREDOC_OPERATOR.test(operator) ? undefined : heredocStart(`command ${operator}`);
  if (typed !== undefined && typed.operator === operator && !lines.some((l) => endsHeredoc(typed, l))) return { operator: typed.operator, delimiter: typed.delimiter, lines };
  let delimiter = 'EOF';
  for (let n = 1; lines.some((l) => l.trimEnd() === delimiter); n++) delimiter = `EOF${n}`;
  return { operator: `<<${delimiter}`, delimiter, lines };
}
