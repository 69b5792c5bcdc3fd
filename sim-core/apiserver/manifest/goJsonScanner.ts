// encoding/json's syntax check (src/encoding/json/scanner.go, checkValid), so a body the
// API server cannot read is refused in Go's words, not a JavaScript engine's. The scanner
// reads UTF-8 bytes one at a time through a small state machine with a stack of open
// objects and arrays; the first byte no state accepts is the error, named by the state
// ("looking for beginning of value", "after object key", …). At the end of the input it
// feeds one space, as Go's eof() does: so `tru` fails on that space (`invalid character
// ' ' in literal true (expecting 'e')`), and only what a space cannot finish is
// `unexpected end of JSON input`.

/** scanner.go maxNestingDepth */
const MAX_NESTING_DEPTH = 10000;

type Container = 'objectKey' | 'objectValue' | 'array';

/** A state takes one byte and returns an error's context (undefined: accepted). */
type State = (c: number) => string | undefined;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/**
 * json.Unmarshal's syntax error for the text (its UTF-8 bytes), or undefined when the text
 * is one valid JSON value.
 */
export function goJsonSyntaxError(text: string): string | undefined {
  return scan(new TextEncoder().encode(text));
}

function scan(bytes: Uint8Array): string | undefined {
  const stack: Container[] = [];
  let endTop = false;
  let failed: string | undefined;
  let step: State;

  const fail = (c: number, context: string): string => `invalid character ${quoteChar(c)} ${context}`;
  const push = (c: number, container: Container, next: State): string | undefined => {
    stack.push(container);
    if (stack.length > MAX_NESTING_DEPTH) return fail(c, 'exceeded max depth');
    step = next;
    return undefined;
  };
  const pop = (): void => {
    stack.pop();
    if (stack.length === 0) {
      step = endOfTop;
      endTop = true;
    } else step = endOfValue;
  };

  const endOfTop: State = (c) => (isSpace(c) ? undefined : fail(c, 'after top-level value'));
  const beginValueOrEmpty: State = (c) => {
    if (isSpace(c)) return undefined;
    if (c === 0x5d) return endOfValue(c);
    return beginValue(c);
  };
  const beginValue: State = (c) => {
    if (isSpace(c)) return undefined;
    switch (c) {
      case 0x7b: // {
        return push(c, 'objectKey', beginStringOrEmpty);
      case 0x5b: // [
        return push(c, 'array', beginValueOrEmpty);
      case 0x22: // "
        step = inString;
        return undefined;
      case 0x2d: // -
        step = negative;
        return undefined;
      case 0x30: // 0
        step = zero;
        return undefined;
      case 0x74: // t
        step = literal('true', 1);
        return undefined;
      case 0x66: // f
        step = literal('false', 1);
        return undefined;
      case 0x6e: // n
        step = literal('null', 1);
        return undefined;
    }
    if (c >= 0x31 && c <= 0x39) {
      step = nonZero;
      return undefined;
    }
    return fail(c, 'looking for beginning of value');
  };
  const beginStringOrEmpty: State = (c) => {
    if (isSpace(c)) return undefined;
    if (c === 0x7d) {
      stack[stack.length - 1] = 'objectValue';
      return endOfValue(c);
    }
    return beginString(c);
  };
  const beginString: State = (c) => {
    if (isSpace(c)) return undefined;
    if (c === 0x22) {
      step = inString;
      return undefined;
    }
    return fail(c, 'looking for beginning of object key string');
  };
  const endOfValue: State = (c) => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      step = endOfTop;
      endTop = true;
      return endOfTop(c);
    }
    if (isSpace(c)) {
      step = endOfValue;
      return undefined;
    }
    if (top === 'objectKey') {
      if (c !== 0x3a) return fail(c, 'after object key');
      stack[stack.length - 1] = 'objectValue';
      step = beginValue;
      return undefined;
    }
    if (top === 'objectValue') {
      if (c === 0x2c) {
        stack[stack.length - 1] = 'objectKey';
        step = beginString;
        return undefined;
      }
      if (c === 0x7d) {
        pop();
        return undefined;
      }
      return fail(c, 'after object key:value pair');
    }
    if (c === 0x2c) {
      step = beginValue;
      return undefined;
    }
    if (c === 0x5d) {
      pop();
      return undefined;
    }
    return fail(c, 'after array element');
  };
  const inString: State = (c) => {
    if (c === 0x22) {
      step = endOfValue;
      return undefined;
    }
    if (c === 0x5c) {
      step = inStringEscape;
      return undefined;
    }
    return c < 0x20 ? fail(c, 'in string literal') : undefined;
  };
  const inStringEscape: State = (c) => {
    if ([0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(c)) {
      step = inString;
      return undefined;
    }
    if (c === 0x75) {
      step = unicodeEscape(0);
      return undefined;
    }
    return fail(c, 'in string escape code');
  };
  const unicodeEscape =
    (seen: number): State =>
    (c) => {
      if (!isHex(c)) return fail(c, 'in \\u hexadecimal character escape');
      step = seen === 3 ? inString : unicodeEscape(seen + 1);
      return undefined;
    };
  const negative: State = (c) => {
    if (c === 0x30) {
      step = zero;
      return undefined;
    }
    if (c >= 0x31 && c <= 0x39) {
      step = nonZero;
      return undefined;
    }
    return fail(c, 'in numeric literal');
  };
  const nonZero: State = (c) => (isDigit(c) ? undefined : zero(c));
  const zero: State = (c) => {
    if (c === 0x2e) {
      step = dot;
      return undefined;
    }
    if (c === 0x65 || c === 0x45) {
      step = exponent;
      return undefined;
    }
    return endOfValue(c);
  };
  const dot: State = (c) => {
    if (!isDigit(c)) return fail(c, 'after decimal point in numeric literal');
    step = fraction;
    return undefined;
  };
  const fraction: State = (c) => {
    if (isDigit(c)) return undefined;
    if (c === 0x65 || c === 0x45) {
      step = exponent;
      return undefined;
    }
    return endOfValue(c);
  };
  const exponent: State = (c) => {
    if (c === 0x2b || c === 0x2d) {
      step = exponentSign;
      return undefined;
    }
    return exponentSign(c);
  };
  const exponentSign: State = (c) => {
    if (!isDigit(c)) return fail(c, 'in exponent of numeric literal');
    step = exponentDigits;
    return undefined;
  };
  const exponentDigits: State = (c) => (isDigit(c) ? undefined : endOfValue(c));
  const literal =
    (word: string, at: number): State =>
    (c) => {
      const expected = word.charCodeAt(at);
      if (c !== expected) return fail(c, `in literal ${word} (expecting ${quoteChar(expected)})`);
      step = at + 1 === word.length ? endOfValue : literal(word, at + 1);
      return undefined;
    };

  step = beginValue;
  for (const c of bytes) {
    failed = step(c);
    if (failed !== undefined) return failed;
  }
  // eof(): a space finishes a number or a top-level value; what it cannot finish was cut short
  if (endTop) return undefined;
  failed = step(0x20);
  if (endTop && failed === undefined) return undefined;
  return failed ?? 'unexpected end of JSON input';
}

/**
 * scanner.go quoteChar: the byte between single quotes, `'\''` and `'"'` as they are,
 * anything else as strconv.Quote writes the rune of that value (a byte ≥ 0x80 is read as
 * U+0080…U+00FF, so 0xC3 prints as 'Ã').
 */
export function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return `'"'`;
  return `'${quoteRune(c)}'`;
}

/** strconv.Quote's escape of one rune below U+0100, without the double quotes. */
function quoteRune(c: number): string {
  const named: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v', 0x5c: '\\\\' };
  if (named[c] !== undefined) return named[c];
  if (c < 0x20 || c === 0x7f) return `\\x${c.toString(16).padStart(2, '0')}`;
  // unicode.IsPrint in Latin-1: not the C1 controls, not NO-BREAK SPACE, not SOFT HYPHEN
  if (c >= 0x80 && (c < 0xa1 || c === 0xad)) return `\\u${c.toString(16).padStart(4, '0')}`;
  return String.fromCharCode(c);
}
