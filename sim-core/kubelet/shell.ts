// The part of a POSIX shell (busybox ash, the `sh -c` of a learner's container) that a
// container's command line uses to write lines over time: simple commands separated by
// `;`, newlines, `&&` and `||`; `while`/`until … do … done` and `for NAME in … do … done`;
// words with single and double quotes, `$NAME`, `${NAME}`, `$?`, `$((arithmetic))` and
// `$(date)`; `NAME=value` assignments; and `>`/`>>` redirections (a line sent to a file
// does not reach the container's log). Anything else (pipes, `&`, `if`, `case`, other
// command substitutions, subshells) is refused, and the caller falls back to reading the
// command's words (behaviour.ts). The parse is compiled to a list of operations with
// jumps (program.ts runs them), so that a run can stop at a `sleep` and go on later.
import type { LogText } from './images';

/** One piece of a word: literal text, or an expansion done when the command runs. */
export type WordPart = { lit: string } | { param: string } | { date: true } | { arith: Arith };
export interface Word {
  parts: readonly WordPart[];
  /** quoted somewhere: kept as an (empty) field even when it expands to nothing */
  quoted: boolean;
}

/** $((…)): integers, variables, + - * / % and parentheses. */
export type Arith = { num: number } | { name: string } | { neg: Arith } | { op: '+' | '-' | '*' | '/' | '%'; a: Arith; b: Arith };

export type Op =
  /** a simple command: its assignments and words, and whether its standard output goes to a file */
  | { k: 'cmd'; assigns: readonly { name: string; value: Word }[]; words: readonly Word[]; toFile: boolean }
  /** jump when the last status is (ok) or is not (fail) zero */
  | { k: 'jumpIf'; when: 'ok' | 'fail'; to: number }
  | { k: 'jump'; to: number }
  /** the start of a `while`/`until` loop's turn (`slot`: the loop's), and its end, back to `head` */
  | { k: 'turn'; slot: number }
  | { k: 'loop'; head: number; slot: number }
  /** a `for` loop's next item into `name`, or on to `end` when there is none */
  | { k: 'forStart'; slot: number }
  | { k: 'forNext'; slot: number; name: string; items: readonly Word[]; end: number }
  | { k: 'status'; code: number }
  /** (an image's own program) write these lines */
  | { k: 'write'; lines: readonly LogText[] }
  /** (an image's own program) wait this long; Infinity: until stopped */
  | { k: 'wait'; ticks: number };

export class Unsupported extends Error {}

type Token = { t: 'word'; word: Word; raw: string } | { t: 'op'; op: ';' | '&&' | '||' } | { t: 'redir'; toFile: boolean; target: boolean };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Split a script into words, operators and redirections. */
function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '\n' || c === ';') {
      if (src[i + 1] === ';') throw new Unsupported(';;');
      out.push({ t: 'op', op: ';' });
      i++;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '&' || c === '|') {
      if (src[i + 1] !== c) throw new Unsupported(c);
      out.push({ t: 'op', op: c === '&' ? '&&' : '||' });
      i += 2;
    } else if (c === '>' || c === '<' || ((c === '1' || c === '2') && src[i + 1] === '>')) {
      i = redirection(src, i, out);
    } else if ('()`{}'.includes(c)) {
      throw new Unsupported(c);
    } else {
      i = word(src, i, out);
    }
  }
  return out;
}

/** `>FILE`, `>>FILE`, `1>FILE`, `2>FILE`, `2>&1`, `>&2`, `<FILE`: only stdout to a file keeps a line from the log. */
function redirection(src: string, i: number, out: Token[]): number {
  let fd = src[i] === '<' ? 0 : 1;
  if (src[i] === '1' || src[i] === '2') fd = Number(src[i++]);
  i++; // > or <
  if (src[i] === '>') i++;
  if (src[i] === '&') {
    // a copy of another descriptor: 1 or 2, both of which reach the log
    i++;
    if (!/[12]/.test(src[i] ?? '')) throw new Unsupported('>&');
    out.push({ t: 'redir', toFile: false, target: false });
    return i + 1;
  }
  out.push({ t: 'redir', toFile: fd === 1, target: true });
  return i;
}

function word(src: string, i: number, out: Token[]): number {
  const parts: WordPart[] = [];
  let lit = '';
  let quoted = false;
  const start = i;
  const flush = () => {
    if (lit !== '') parts.push({ lit });
    lit = '';
  };
  const dollar = (): void => {
    const r = expansion(src, i);
    if (r === undefined) {
      lit += '$';
      i++;
      return;
    }
    flush();
    parts.push(r.part);
    i = r.end;
  };
  while (i < src.length && !' \t\n;&|<>()`{}'.includes(src[i] as string)) {
    const c = src[i] as string;
    if (c === "'") {
      quoted = true;
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new Unsupported('unterminated quote');
      lit += src.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      quoted = true;
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\' && '$`"\\\n'.includes(src[i + 1] ?? '')) {
          if (src[i + 1] !== '\n') lit += src[i + 1];
          i += 2;
        } else if (src[i] === '$') dollar();
        else if (src[i] === '`') throw new Unsupported('`');
        else lit += src[i++];
      }
      if (src[i] !== '"') throw new Unsupported('unterminated quote');
      i++;
    } else if (c === '\\') {
      if (src[i + 1] !== '\n') lit += src[i + 1] ?? '';
      i += 2;
    } else if (c === '$') dollar();
    else lit += src[i++];
  }
  flush();
  out.push({ t: 'word', word: { parts, quoted }, raw: src.slice(start, i) });
  return i;
}

/** `$NAME`, `${NAME}`, `$?`, `$((…))`, `$(date)`; undefined for a lone `$`. */
function expansion(src: string, i: number): { part: WordPart; end: number } | undefined {
  const rest = src.slice(i + 1);
  if (rest.startsWith('((')) {
    let depth = 0;
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '(') depth++;
      else if (src[j] === ')' && --depth === 0) {
        if (src[j - 1] !== ')') throw new Unsupported('$((');
        return { part: { arith: parseArith(src.slice(i + 3, j - 1)) }, end: j + 1 };
      }
    }
    throw new Unsupported('$((');
  }
  const sub = /^\(\s*date\s*\)/.exec(rest);
  if (sub) return { part: { date: true }, end: i + 1 + sub[0].length };
  if (rest.startsWith('(')) throw new Unsupported('$(');
  const braced = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(rest);
  if (braced) return { part: { param: braced[1] as string }, end: i + 1 + braced[0].length };
  if (rest.startsWith('{')) throw new Unsupported('${');
  if (rest.startsWith('?')) return { part: { param: '?' }, end: i + 2 };
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
  if (name) return { part: { param: name[0] }, end: i + 1 + name[0].length };
  if (/^[0-9#@*$!-]/.test(rest)) throw new Unsupported('special parameter');
  return undefined;
}

/** The arithmetic of $((…)), precedence climbing over + - and * / %. */
export function parseArith(text: string): Arith {
  const tokens = text.match(/\s*(\d+|\$?[A-Za-z_][A-Za-z0-9_]*|[-+*/%()])\s*/gy);
  if (tokens === null || tokens.join('') !== text || text.trim() === '') throw new Unsupported('arithmetic');
  const ts = tokens.map((t) => t.trim());
  let p = 0;
  const atom = (): Arith => {
    const t = ts[p++];
    if (t === undefined) throw new Unsupported('arithmetic');
    if (t === '(') {
      const e = sum();
      if (ts[p++] !== ')') throw new Unsupported('arithmetic');
      return e;
    }
    if (t === '-') return { neg: atom() };
    if (t === '+') return atom();
    if (/^\d+$/.test(t)) return { num: Number(t) };
    if (/^\$?[A-Za-z_]/.test(t)) return { name: t.replace(/^\$/, '') };
    throw new Unsupported('arithmetic');
  };
  const product = (): Arith => {
    let a = atom();
    while (ts[p] === '*' || ts[p] === '/' || ts[p] === '%') {
      const op = ts[p++] as '*' | '/' | '%';
      a = { op, a, b: atom() };
    }
    return a;
  };
  const sum = (): Arith => {
    let a = product();
    while (ts[p] === '+' || ts[p] === '-') {
      const op = ts[p++] as '+' | '-';
      a = { op, a, b: product() };
    }
    return a;
  };
  const e = sum();
  if (p !== ts.length) throw new Unsupported('arithmetic');
  return e;
}

/** A word that is nothing but literal text (a keyword, a loop variable's name). */
function literal(t: Token | undefined): string | undefined {
  if (t?.t !== 'word' || t.word.quoted) return undefined;
  const parts = t.word.parts;
  if (parts.length === 0) return '';
  return parts.length === 1 && 'lit' in (parts[0] as WordPart) ? (parts[0] as { lit: string }).lit : undefined;
}

/** Compile a script to operations; throws Unsupported for what the simulation does not run. */
export function compileScript(src: string): Op[] {
  const c = new Compiler(tokenize(src));
  c.list(new Set());
  if (c.pos < c.tokens.length) throw new Unsupported(`unexpected ${literal(c.tokens[c.pos]) ?? 'token'}`);
  return c.ops;
}

/** Compile argv run without a shell (`command: [sleep, "3600"]`): one simple command, its words as they are. */
export function compileArgv(argv: readonly string[]): Op[] {
  return [{ k: 'cmd', assigns: [], words: argv.map((a) => ({ parts: [{ lit: a }], quoted: true })), toFile: false }];
}

const KEYWORDS = new Set(['while', 'until', 'for', 'do', 'done', 'in', 'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'function', '!']);

class Compiler {
  readonly ops: Op[] = [];
  pos = 0;
  private slots = 0;
  constructor(readonly tokens: Token[]) {}

  private peekKeyword(): string | undefined {
    const w = literal(this.tokens[this.pos]);
    return w !== undefined && KEYWORDS.has(w) ? w : undefined;
  }

  private skipSeparators(): void {
    while (this.tokens[this.pos]?.t === 'op' && (this.tokens[this.pos] as { op: string }).op === ';') this.pos++;
  }

  private expectKeyword(k: string): void {
    this.skipSeparators();
    if (literal(this.tokens[this.pos]) !== k) throw new Unsupported(`expected ${k}`);
    this.pos++;
  }

  /** Commands joined by `;`/newlines and `&&`/`||`, up to one of `until` (a keyword) or the end. */
  list(end: ReadonlySet<string>): void {
    for (;;) {
      this.skipSeparators();
      if (this.pos >= this.tokens.length) return;
      const k = this.peekKeyword();
      if (k !== undefined && end.has(k)) return;
      this.andOr();
    }
  }

  private andOr(): void {
    this.command();
    for (;;) {
      const t = this.tokens[this.pos];
      if (t?.t !== 'op' || t.op === ';') return;
      this.pos++;
      while (this.tokens[this.pos]?.t === 'op' && (this.tokens[this.pos] as { op: string }).op === ';') this.pos++; // a newline may follow && or ||
      const skip: Op = { k: 'jumpIf', when: t.op === '&&' ? 'fail' : 'ok', to: -1 };
      this.ops.push(skip);
      this.command();
      skip.to = this.ops.length;
    }
  }

  private command(): void {
    const k = this.peekKeyword();
    if (k === 'while' || k === 'until') return this.whileLoop(k === 'until');
    if (k === 'for') return this.forLoop();
    if (k !== undefined) throw new Unsupported(k);
    this.simple();
  }

  private whileLoop(until: boolean): void {
    this.pos++;
    const slot = this.slots++;
    const head = this.ops.length;
    this.ops.push({ k: 'turn', slot });
    this.list(new Set(['do']));
    this.expectKeyword('do');
    const exit: Op = { k: 'jumpIf', when: until ? 'ok' : 'fail', to: -1 };
    this.ops.push(exit);
    this.list(new Set(['done']));
    this.expectKeyword('done');
    this.ops.push({ k: 'loop', head, slot });
    exit.to = this.ops.length;
    // a loop whose body never ran ends with status 0
    this.ops.push({ k: 'status', code: 0 });
  }

  private forLoop(): void {
    this.pos++;
    const name = literal(this.tokens[this.pos++]);
    if (name === undefined || !NAME.test(name)) throw new Unsupported('for');
    const items: Word[] = [];
    this.skipSeparators();
    if (literal(this.tokens[this.pos]) === 'in') {
      this.pos++;
      while (this.tokens[this.pos]?.t === 'word') items.push((this.tokens[this.pos++] as { word: Word }).word);
    }
    this.expectKeyword('do');
    const slot = this.slots++;
    this.ops.push({ k: 'forStart', slot });
    const next: Op = { k: 'forNext', slot, name, items, end: -1 };
    const head = this.ops.length;
    this.ops.push(next);
    this.list(new Set(['done']));
    this.expectKeyword('done');
    this.ops.push({ k: 'jump', to: head });
    next.end = this.ops.length;
  }

  private simple(): void {
    const assigns: { name: string; value: Word }[] = [];
    const words: Word[] = [];
    let toFile = false;
    for (;;) {
      const t = this.tokens[this.pos];
      if (t === undefined || t.t === 'op') break;
      this.pos++;
      if (t.t === 'redir') {
        if (t.target) {
          if (this.tokens[this.pos]?.t !== 'word') throw new Unsupported('redirection');
          this.pos++;
        }
        toFile ||= t.toFile;
        continue;
      }
      const eq = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(t.raw);
      if (words.length === 0 && eq) {
        assigns.push({ name: eq[1] as string, value: stripName(t.word, (eq[1] as string).length + 1) });
        continue;
      }
      words.push(t.word);
    }
    if (assigns.length === 0 && words.length === 0) throw new Unsupported('empty command');
    this.ops.push({ k: 'cmd', assigns, words, toFile });
  }
}

/** An assignment word's value: the word without its leading `NAME=` (which is literal text). */
function stripName(w: Word, n: number): Word {
  const [first, ...rest] = w.parts;
  const text = first !== undefined && 'lit' in first ? first.lit.slice(n) : '';
  return { parts: text === '' ? rest : [{ lit: text }, ...rest], quoted: w.quoted };
}
