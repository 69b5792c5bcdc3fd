export { parseLessonSource, parseMarkdownText, plainText, walk, MARKDOWN_LIMITS } from './parse';
export type { ParsedLesson, Heading, CodeBlock } from './parse';
export { renderLesson, renderMarkdownText, renderTree } from './render';
export type { RenderedLesson, RenderOptions, CodeHighlighter } from './render';
export { checkDirective, directiveAttributes } from './directives';
export type { EmbeddedDirective } from './directives';
