// The fixed set of languages lessons are highlighted in. Anything else is shown as plain
// text: a lesson must never pull a grammar the bundle does not ship.
export const HIGHLIGHT_LANGUAGES = ['yaml', 'json', 'bash', 'console', 'go', 'text'] as const;
export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number];

const ALIASES: Record<string, HighlightLanguage> = {
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  shellscript: 'bash',
  zsh: 'bash',
  console: 'console',
  'shell-session': 'console',
  shellsession: 'console',
  go: 'go',
  golang: 'go',
};

/** The language a fenced block's info string asks for, mapped onto the bundled set. */
export function highlightLanguageOf(lang: string | null | undefined): HighlightLanguage {
  return ALIASES[(lang ?? '').trim().toLowerCase()] ?? 'text';
}
