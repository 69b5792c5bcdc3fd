// Monaco's own words — the find widget, hovers, the context menu, the command palette — in
// the page's language. monaco-editor ships its translations as scripts
// (esm/vs/nls/lang/<lang>.js) that set two globals its `localize` reads, falling back to
// the English written at each call site. Many labels are read once, while its modules
// evaluate, so the table must be in place before the editor's chunk is imported, and it
// cannot be changed afterwards without mixing languages ("3의 2 found for 'x'"): Monaco
// keeps the language of the page it was first loaded on until the next full load. Only a
// Korean page fetches the Korean table (~40 kB gzip, a lazy chunk of its own).

/** Sets Monaco's message table for `locale` before its modules are imported (Korean; anything else is Monaco's English). */
export async function setMonacoLanguage(locale: string): Promise<void> {
  if (locale === 'ko') await import('monaco-editor/nls/lang/ko');
}
