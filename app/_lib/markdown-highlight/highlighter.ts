// Code highlighting with shiki on the server only (no shiki in the client bundle). A small
// fixed set of grammars and two themes: shiki's dual-theme output puts both colours on each
// token as CSS variables (--shiki-light / --shiki-dark), and globals.css picks one from
// html[data-theme], so a theme switch needs no re-render. The JavaScript regex engine
// avoids loading the Oniguruma WASM. https://shiki.style/guide/dual-themes
import type { Element, Root } from 'hast';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { CodeHighlighter } from '../content';
import { highlightLanguageOf } from './languages';

export const LIGHT_THEME = 'github-light-default';
export const DARK_THEME = 'github-dark-default';

let highlighter: Promise<HighlighterCore> | undefined;

function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
    langs: [
      import('shiki/langs/yaml.mjs'),
      import('shiki/langs/json.mjs'),
      import('shiki/langs/bash.mjs'),
      import('shiki/langs/console.mjs'),
      import('shiki/langs/go.mjs'),
    ],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/** A CodeHighlighter for renderLesson: synchronous once the grammars are loaded. */
export async function createCodeHighlighter(): Promise<CodeHighlighter> {
  const core = await loadHighlighter();
  return (code, lang) => {
    const language = highlightLanguageOf(lang);
    const root = core.codeToHast(code, {
      lang: language,
      themes: { light: LIGHT_THEME, dark: DARK_THEME },
      defaultColor: false,
    }) as Root;
    const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
    if (!pre) return undefined;
    // the language is announced for screen-reader users browsing code blocks
    pre.properties = { ...pre.properties, dataLanguage: language, tabIndex: 0 };
    return pre;
  };
}
