import { afterEach, describe, expect, it, vi } from 'vitest';

const scope = globalThis as unknown as { _VSCODE_NLS_MESSAGES?: string[]; _VSCODE_NLS_LANGUAGE?: string };

describe("Monaco's message table, set before the editor's modules load", () => {
  afterEach(() => {
    delete scope._VSCODE_NLS_MESSAGES;
    delete scope._VSCODE_NLS_LANGUAGE;
    vi.resetModules();
  });

  it("is monaco-editor's Korean table on a Korean page", async () => {
    const { setMonacoLanguage } = await import('./monaco-nls');
    await setMonacoLanguage('ko');
    expect(scope._VSCODE_NLS_LANGUAGE).toBe('ko');
    expect(scope._VSCODE_NLS_MESSAGES!.length).toBeGreaterThan(1000);
    expect(scope._VSCODE_NLS_MESSAGES).toContain('찾기');
  });

  it('is set once: a later call keeps the first language, and says when the page speaks another', async () => {
    const { setMonacoLanguage, monacoSpeaksOtherThan } = await import('./monaco-nls');
    expect(monacoSpeaksOtherThan('en')).toBe(false); // not loaded yet: nothing to rebuild
    await setMonacoLanguage('ko');
    await setMonacoLanguage('en');
    expect(scope._VSCODE_NLS_LANGUAGE).toBe('ko');
    expect(monacoSpeaksOtherThan('ko')).toBe(false);
    expect(monacoSpeaksOtherThan('en')).toBe(true);
  });

  it("is left unset on an English page: Monaco's own English", async () => {
    const { setMonacoLanguage } = await import('./monaco-nls');
    await setMonacoLanguage('en');
    expect(scope._VSCODE_NLS_MESSAGES).toBeUndefined();
    expect(scope._VSCODE_NLS_LANGUAGE).toBeUndefined();
  });
});
