// A shell-like tokenizer for one terminal line, as bash splits words: whitespace separates
// words; '…' keeps everything literally; "…" keeps spaces and honours \" \\ \$ \` escapes;
// a backslash outside quotes escapes the next character. No expansion ($VAR, globs) and no
// pipes: the course's terminal runs one command per line (bash(1), QUOTING).

export type TokenizeResult = { ok: true; words: string[] } | { ok: false; error: string };

export function tokenize(line: string): TokenizeResult {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { ok: false, error: "unexpected EOF while looking for matching `''" };
      word += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      i++;
      let closed = false;
      while (i < line.length) {
        const c = line[i] as string;
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) {
          word += line[i + 1];
          i += 2;
          continue;
        }
        word += c;
        i++;
      }
      if (!closed) return { ok: false, error: 'unexpected EOF while looking for matching `"\'' };
      continue;
    }
    if (ch === '\\') {
      if (i + 1 < line.length) word += line[i + 1];
      i += 2;
      continue;
    }
    word += ch;
    i++;
  }
  if (inWord) words.push(word);
  return { ok: true, words };
}
