// A heading's anchor, as GitHub makes it (github-slugger): the text in lower case, every
// character that is not a letter, a mark, a digit, `_`, `-` or a space removed, spaces as
// `-`, and a repeated anchor numbered (`try-it`, `try-it-1`). Letters of any script stay,
// so `## 역할과 용어` is `#역할과-용어`. The renderer gives each heading this id and
// content:check resolves `#fragment` links with the same function.

/** A fresh slugger for one page: call it on each heading's text in document order. */
export function headingSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    let slug = base;
    while (seen.has(slug)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}
