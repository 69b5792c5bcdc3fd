// Server-side code highlighting for lessons (shiki). See ./highlighter.
export { createCodeHighlighter, LIGHT_THEME, DARK_THEME } from './highlighter';
export { highlightLanguageOf, HIGHLIGHT_LANGUAGES, type HighlightLanguage } from './languages';
