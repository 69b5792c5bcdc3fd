// kubectl's JSONPath template parser: k8s.io/client-go/util/jsonpath/parser.go (client-go
// v0.32, as in kubectl 1.32), with the node kinds of node.go. Text outside `{…}` is kept
// literally; each `{…}` action becomes a list of nodes. The upstream parser recurses once per
// token; this one loops, so a long template cannot exhaust the stack. Error texts are
// upstream's; kubectl prints them as "error: error parsing jsonpath <template>, <error>".

export interface ParamsEntry {
  value: number;
  known: boolean;
  derived: boolean;
}

export interface ListNode {
  readonly t: 'list';
  readonly nodes: TemplateNode[];
}

export type TemplateNode =
  | ListNode
  | { readonly t: 'text'; readonly text: string }
  | { readonly t: 'field'; readonly name: string }
  | { readonly t: 'identifier'; readonly name: string }
  | { readonly t: 'array'; readonly params: readonly [ParamsEntry, ParamsEntry, ParamsEntry] }
  | { readonly t: 'filter'; readonly left: ListNode; readonly right: ListNode; readonly op: string }
  | { readonly t: 'int'; readonly value: number }
  | { readonly t: 'float'; readonly value: number }
  | { readonly t: 'bool'; readonly value: boolean }
  | { readonly t: 'wildcard' }
  | { readonly t: 'recursive' }
  | { readonly t: 'union'; readonly nodes: readonly ListNode[] };

/** A parsed template: the raw text (kubectl quotes it in execution errors) and its top-level nodes (text and actions). */
export interface ParsedTemplate {
  readonly source: string;
  readonly nodes: readonly TemplateNode[];
}

/** Simulator limits: templates are typed by people; anything this big is hostile. */
export const MAX_TEMPLATE_LENGTH = 16384;
const MAX_NESTING = 16;

export type ParseResult = { ok: true; nodes: TemplateNode[] } | { ok: false; error: string };

const EOF = -1;

const isSpace = (r: number): boolean => r === 0x20 || r === 0x09;
const isEndOfLine = (r: number): boolean => r === 0x0d || r === 0x0a;
const TERMINATORS = new Set([EOF, 0x2e, 0x2c, 0x5b, 0x5d, 0x24, 0x40, 0x7b, 0x7d]); // EOF . , [ ] $ @ { }
const isTerminator = (r: number): boolean => isSpace(r) || isEndOfLine(r) || TERMINATORS.has(r);
const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;
const isDigit = (r: number): boolean => r >= 0 && DIGIT.test(String.fromCodePoint(r));
const isAlphaNumeric = (r: number): boolean => r === 0x5f || (r >= 0 && (LETTER.test(String.fromCodePoint(r)) || isDigit(r)));
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** fmt's %#U */
function sharpU(r: number): string {
  const ch = String.fromCodePoint(r);
  const code = 'U+' + r.toString(16).toUpperCase().padStart(4, '0');
  return PRINTABLE.test(ch) ? `${code} '${ch}'` : code;
}

const DICT_KEY = /^'([^']*)'$/;
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const FILTER = /^([^!<>=]+)([!<>=]+)([^\n]+?)$/;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** strconv.Atoi on a 64-bit machine. */
export function atoi(s: string): number | null {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const n = BigInt(s);
  if (n > INT64_MAX || n < INT64_MIN) return null;
  return Number(n);
}

/** strconv.ParseFloat(s, 64) for the digits, dots and sign parseNumber collects. */
function parseFloat64(s: string): number | null {
  if (!/^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/.test(s)) return null;
  const f = Number(s);
  return Number.isFinite(f) ? f : null;
}

const SIMPLE_ESCAPES = new Map([
  ['a', 7],
  ['b', 8],
  ['f', 12],
  ['n', 10],
  ['r', 13],
  ['t', 9],
  ['v', 11],
  ['\\', 0x5c],
]);

const hexValue = (s: string): number | null => (/^[0-9a-fA-F]+$/.test(s) ? parseInt(s, 16) : null);

/** UnquoteExtend: strconv.Unquote that also takes single quotes. Bytes that are not UTF-8 become U+FFFD. */
export function unquoteExtend(s: string): string | null {
  const quote = s[0];
  if (s.length < 2 || quote !== s[s.length - 1] || (quote !== '"' && quote !== "'")) return null;
  const body = s.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  const pushRune = (r: number): void => {
    for (const b of encoder.encode(String.fromCodePoint(r))) bytes.push(b);
  };
  const chars = [...body];
  for (let i = 0; i < chars.length; ) {
    const c = chars[i] as string;
    if (c === quote) return null;
    if (c !== '\\') {
      pushRune(c.codePointAt(0) as number);
      i++;
      continue;
    }
    const e = chars[i + 1];
    if (e === undefined) return null;
    i += 2;
    const simple = SIMPLE_ESCAPES.get(e);
    if (simple !== undefined) {
      bytes.push(simple);
      continue;
    }
    if (e === "'" || e === '"') {
      if (e !== quote) return null;
      bytes.push(e.charCodeAt(0));
      continue;
    }
    if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const v = hexValue(chars.slice(i, i + n).join(''));
      if (v === null || chars.slice(i, i + n).length !== n) return null;
      i += n;
      if (e === 'x') bytes.push(v);
      else if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return null;
      else pushRune(v);
      continue;
    }
    if (e >= '0' && e <= '7') {
      const digits = e + chars.slice(i, i + 2).join('');
      if (!/^[0-7]{3}$/.test(digits)) return null;
      const v = parseInt(digits, 8);
      if (v > 255) return null;
      i += 2;
      bytes.push(v);
      continue;
    }
    return null;
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

class Scanner {
  pos = 0;
  start = 0;
  private width = 0;

  constructor(readonly input: string) {}

  next(): number {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos) as number;
    this.width = r > 0xffff ? 2 : 1;
    this.pos += this.width;
    return r;
  }

  peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  backup(): void {
    this.pos -= this.width;
  }

  consume(): string {
    const value = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return value;
  }

  startsWith(prefix: string): boolean {
    return this.input.startsWith(prefix, this.pos);
  }

  /** the UTF-16 unit two before pos, as upstream's p.input[p.pos-2] */
  beforeLast(): string {
    return this.input[this.pos - 2] ?? '';
  }
}

/** parseAction: the list node of `{text}` */
function parseAction(text: string, depth: number): { ok: true; list: ListNode } | { ok: false; error: string } {
  const r = parseNodes(`{${text}}`, depth + 1);
  if (!r.ok) return r;
  return { ok: true, list: r.nodes[0] as ListNode };
}

/** Parser.Parse: the template's top-level nodes, or upstream's error text. */
export function parseNodes(input: string, depth = 0): ParseResult {
  if (depth > MAX_NESTING) return { ok: false, error: 'template nested too deeply (simulator limit)' };
  const s = new Scanner(input);
  const root: TemplateNode[] = [];
  const fail = (error: string): ParseResult => ({ ok: false, error });

  for (;;) {
    // parseText
    const brace = input.indexOf('{', s.pos);
    if (brace < 0) {
      s.pos = input.length;
      if (s.pos > s.start) root.push({ t: 'text', text: s.consume() });
      return { ok: true, nodes: root };
    }
    s.pos = brace;
    if (s.pos > s.start) root.push({ t: 'text', text: s.consume() });
    // parseLeftDelim
    s.pos += 1;
    s.consume();
    const cur: ListNode = { t: 'list', nodes: [] };
    root.push(cur);

    // parseInsideAction, until the right delimiter
    for (;;) {
      if (s.startsWith('}')) {
        s.pos += 1;
        s.consume();
        break;
      }
      if (s.startsWith('[?(')) {
        const err = parseFilter(s, cur, depth);
        if (err) return fail(err);
        continue;
      }
      if (s.startsWith('..')) {
        const last = cur.nodes[cur.nodes.length - 1];
        if (last && last.t === 'recursive') return fail('invalid multiple recursive descent');
        s.pos += 2;
        s.consume();
        cur.nodes.push({ t: 'recursive' });
        if (isAlphaNumeric(s.peek())) parseField(s, cur);
        continue;
      }
      const r = s.next();
      if (r === EOF || isEndOfLine(r)) return fail('unclosed action');
      if (r === 0x20 || r === 0x40 || r === 0x24) {
        s.consume();
      } else if (r === 0x5b) {
        const err = parseArray(s, cur, depth);
        if (err) return fail(err);
      } else if (r === 0x22 || r === 0x27) {
        const err = parseQuote(s, cur, r);
        if (err) return fail(err);
      } else if (r === 0x2e) {
        parseField(s, cur);
      } else if (r === 0x2b || r === 0x2d || isDigit(r)) {
        s.backup();
        const err = parseNumber(s, cur);
        if (err) return fail(err);
      } else if (isAlphaNumeric(r)) {
        s.backup();
        parseIdentifier(s, cur);
      } else {
        return fail(`unrecognized character in action: ${sharpU(r)}`);
      }
    }
  }
}

function parseIdentifier(s: Scanner, cur: ListNode): void {
  for (;;) {
    if (isTerminator(s.next())) {
      s.backup();
      break;
    }
  }
  const value = s.consume();
  if (value === 'true' || value === 'false') cur.nodes.push({ t: 'bool', value: value === 'true' });
  else cur.nodes.push({ t: 'identifier', name: value });
}

function parseNumber(s: Scanner, cur: ListNode): string | null {
  const first = s.peek();
  if (first === 0x2b || first === 0x2d) s.next();
  for (;;) {
    const r = s.next();
    if (r !== 0x2e && !isDigit(r)) {
      s.backup();
      break;
    }
  }
  const value = s.consume();
  const i = atoi(value);
  if (i !== null) {
    cur.nodes.push({ t: 'int', value: i });
    return null;
  }
  const f = parseFloat64(value);
  if (f !== null) {
    cur.nodes.push({ t: 'float', value: f });
    return null;
  }
  return `cannot parse number ${value}`;
}

function parseArray(s: Scanner, cur: ListNode, depth: number): string | null {
  for (;;) {
    const r = s.next();
    if (r === EOF || r === 0x0a) return 'unterminated array';
    if (r === 0x5d) break;
  }
  let text = s.consume().slice(1, -1);
  if (text === '*') text = ':';

  const parts = text.split(',');
  if (parts.length > 1) {
    const union: ListNode[] = [];
    for (const part of parts) {
      const p = parseAction(`[${part.replace(/^ +| +$/g, '')}]`, depth);
      if (!p.ok) return p.error;
      union.push(p.list);
    }
    cur.nodes.push({ t: 'union', nodes: union });
    return null;
  }

  const key = DICT_KEY.exec(text);
  if (key) {
    const p = parseAction(`.${key[1] as string}`, depth);
    if (!p.ok) return p.error;
    cur.nodes.push(...p.list.nodes);
    return null;
  }

  const m = SLICE.exec(text);
  if (!m) return `invalid array index ${text}`;
  const params: [ParamsEntry, ParamsEntry, ParamsEntry] = [
    { value: 0, known: false, derived: false },
    { value: 0, known: false, derived: false },
    { value: 0, known: false, derived: false },
  ];
  for (let i = 0; i < 3; i++) {
    let value = m[i + 1] ?? '';
    const p = params[i] as ParamsEntry;
    if (value !== '') {
      if (i > 0) value = value.slice(1);
      if (i > 0 && value === '') {
        p.known = false;
      } else {
        const n = atoi(value);
        if (n === null) return `array index ${value} is not a number`;
        p.known = true;
        p.value = n;
      }
    } else if (i === 1) {
      p.known = true;
      p.value = params[0].value + 1;
      p.derived = true;
    }
  }
  cur.nodes.push({ t: 'array', params });
  return null;
}

function parseFilter(s: Scanner, cur: ListNode, depth: number): string | null {
  s.pos += 3;
  s.consume();
  let begin = false;
  let end = false;
  let pair = 0;
  for (;;) {
    const r = s.next();
    if (r === EOF || r === 0x0a) return 'unterminated filter';
    if (r === 0x22 || r === 0x27) {
      if (!begin) {
        begin = true;
        pair = r;
        continue;
      }
      if (s.beforeLast() !== '\\' && r === pair) end = true;
    } else if (r === 0x29 && begin === end) {
      break;
    }
  }
  if (s.next() !== 0x5d) return 'unclosed array expect ]';
  const text = s.consume().slice(0, -2);
  const m = FILTER.exec(text);
  if (!m) {
    const p = parseAction(text, depth);
    if (!p.ok) return p.error;
    cur.nodes.push({ t: 'filter', left: p.list, right: { t: 'list', nodes: [] }, op: 'exists' });
    return null;
  }
  const left = parseAction(m[1] as string, depth);
  if (!left.ok) return left.error;
  const right = parseAction(m[3] as string, depth);
  if (!right.ok) return right.error;
  cur.nodes.push({ t: 'filter', left: left.list, right: right.list, op: m[2] as string });
  return null;
}

function parseQuote(s: Scanner, cur: ListNode, end: number): string | null {
  for (;;) {
    const r = s.next();
    if (r === EOF || r === 0x0a) return 'unterminated quoted string';
    if (r === end && s.beforeLast() !== '\\') break;
  }
  const value = s.consume();
  const text = unquoteExtend(value);
  if (text === null) return `unquote string ${value} error invalid syntax`;
  cur.nodes.push({ t: 'text', text });
  return null;
}

function parseField(s: Scanner, cur: ListNode): void {
  s.consume();
  for (;;) {
    const r = s.next();
    if (r === 0x5c) {
      s.next();
    } else if (isTerminator(r)) {
      s.backup();
      break;
    }
  }
  const value = s.consume();
  if (value === '*') cur.nodes.push({ t: 'wildcard' });
  else cur.nodes.push({ t: 'field', name: value.replace(/\\/g, '') });
}
