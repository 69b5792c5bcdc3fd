// A linear pre-scan that bounds how deeply a YAML text can nest, run before the text
// reaches the `yaml` parser: the parser itself exhausts memory on pathological nesting
// such as 200,000 compact `- - - -` sequences. The bound over-approximates (brackets inside
// quoted strings are counted too), which is harmless at a limit far above real manifests.

function isBlank(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** An upper bound on the nesting depth of every document in `text`. */
export function yamlDepthBound(text: string): number {
  const n = text.length;
  const indents: number[] = [];
  let flow = 0;
  let max = 0;
  let i = 0;
  while (i < n) {
    let indent = 0;
    while (i < n && (text[i] === ' ' || text[i] === '\t')) {
      indent++;
      i++;
    }
    if (indent === 0 && text.startsWith('---', i) && isBlank(text[i + 3])) {
      indents.length = 0;
      flow = 0;
    }
    // Compact block indicators (`- - x`, `? x`, `- key:`) each open a level on this line.
    let compact = 0;
    while (i < n && (text[i] === '-' || text[i] === '?') && isBlank(text[i + 1]) && text[i + 1] !== '\n') {
      compact++;
      i++;
      while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
    }
    const content = i < n && text[i] !== '\n' && text[i] !== '\r' && text[i] !== '#';
    if (content || compact > 0) {
      while (indents.length > 0 && (indents[indents.length - 1] ?? 0) >= indent) indents.pop();
      indents.push(indent);
    }
    let peak = flow;
    while (i < n && text[i] !== '\n') {
      const c = text[i];
      if (c === '#' && isBlank(text[i - 1])) {
        while (i < n && text[i] !== '\n') i++;
        break;
      }
      if (c === '[' || c === '{') {
        flow++;
        if (flow > peak) peak = flow;
      } else if ((c === ']' || c === '}') && flow > 0) flow--;
      i++;
    }
    const depth = indents.length + compact + peak;
    if (depth > max) max = depth;
    i++;
  }
  return max;
}
