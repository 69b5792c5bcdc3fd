// Monaco's own words — the find widget, hovers, the context menu, the command palette — in
// the page's language. monaco-editor ships its translations as scripts
// (esm/vs/nls/lang/<lang>.js) that set two globals its `localize` reads, falling back to
// the English written at each call site. Many labels are read once, while its modules
// evaluate, so the table must be in place before the editor's chunk is imported, and it
// cannot be changed afterwards without mixing languages ("3의 2 found for 'x'"). So an
// editor opened in the other language after the site's language switch (a soft
// navigation) reloads the page, whose work is saved in the browser, to build Monaco anew.
// Only a Korean page fetches the Korean table (~40 kB gzip, a lazy chunk of its own).

let loaded: string | undefined;

/** Sets Monaco's message table for `locale` before its modules are imported (Korean; anything else is Monaco's English). */
export async function setMonacoLanguage(locale: string): Promise<void> {
  if (loaded !== undefined) return; // evaluated already: its labels are fixed
  if (locale === 'ko') await import('monaco-editor/nls/lang/ko');
  loaded = locale === 'ko' ? 'ko' : 'en';
}

/**
 * Whether Monaco, once loaded, speaks another language than `locale`: the site's language
 * switch is a soft navigation that keeps the modules, and monaco-yaml's worker with them.
 */
export function monacoSpeaksOtherThan(locale: string): boolean {
  return loaded !== undefined && loaded !== (locale === 'ko' ? 'ko' : 'en');
}
