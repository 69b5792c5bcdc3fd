'use client';
// The Monaco editor of the lab workspace, loaded only on lab pages and only after the
// page is interactive (the workspace imports this file through next/dynamic, ssr:false).
// One model per workspace file (its undo history survives switching tabs), YAML
// validated against the kinds' schemas by monaco-yaml, and the problems reported up so
// the workspace can list them as text: squiggles alone are invisible to a screen reader.
import Editor from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { modelUri, WORKSPACE_URI } from './editor-schema';
import { EDITOR_THEMES, setUpMonaco } from './monaco-setup';

export interface EditorProblem {
  path: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

export interface ManifestEditorProps {
  path: string;
  value: string;
  /** Monaco's own label for its text area */
  ariaLabel: string;
  loadingText: string;
  onChange: (path: string, value: string) => void;
  onProblems: (problems: EditorProblem[]) => void;
}

function useDarkTheme(): boolean {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setDark(root.dataset.theme === 'dark');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

const monaco = setUpMonaco();

export default function ManifestEditor({ path, value, ariaLabel, loadingText, onChange, onProblems }: ManifestEditorProps) {
  const dark = useDarkTheme();

  useEffect(() => {
    const report = () => {
      const problems: EditorProblem[] = [];
      for (const model of monaco.editor.getModels()) {
        const uri = model.uri.toString();
        if (!uri.startsWith(WORKSPACE_URI)) continue;
        for (const m of monaco.editor.getModelMarkers({ resource: model.uri })) {
          problems.push({
            path: decodeURIComponent(uri.slice(WORKSPACE_URI.length)),
            line: m.startLineNumber,
            column: m.startColumn,
            message: m.message,
            severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : m.severity === monaco.MarkerSeverity.Warning ? 'warning' : 'info',
          });
        }
      }
      problems.sort((a, b) => (a.path === b.path ? a.line - b.line || a.column - b.column : a.path < b.path ? -1 : 1));
      onProblems(problems);
    };
    const sub = monaco.editor.onDidChangeMarkers(report);
    report();
    return () => sub.dispose();
  }, [onProblems]);

  return (
    <Editor
      path={modelUri(path)}
      defaultLanguage="yaml"
      value={value}
      theme={dark ? EDITOR_THEMES.dark : EDITOR_THEMES.light}
      loading={<p className="muted">{loadingText}</p>}
      onChange={(v) => onChange(path, v ?? '')}
      height="24rem"
      options={{
        ariaLabel,
        minimap: { enabled: false },
        fontSize: 14,
        tabSize: 2,
        insertSpaces: true,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        renderValidationDecorations: 'on',
        accessibilitySupport: 'auto',
        wordWrap: 'on',
      }}
    />
  );
}
