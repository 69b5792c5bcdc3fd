'use client';
// Monaco for kubectl edit's dialog: loaded only when a dialog first opens (edit-dialog.tsx
// imports this file through next/dynamic, after Monaco's message table is set), from the
// app's own files as the lab editor loads it (lab/monaco-setup.ts, never a CDN). YAML or
// JSON as kubectl wrote the file; Ctrl/Cmd+S saves; Escape, with none of Monaco's own
// widgets open, reaches the dialog, which cancels. A reopened file is shown from its top,
// where kubectl wrote the reasons.
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { EDITOR_THEMES, MANIFEST_EDITOR_OPTIONS, setUpMonaco, useDarkTheme } from '@/app/_components/lab/monaco-setup';

const monaco = setUpMonaco();


export interface EditEditorProps {
  value: string;
  language: 'yaml' | 'json';
  ariaLabel: string;
  loadingText: string;
  onChange: (text: string) => void;
  onSave: (text: string) => void;
}

export default function EditEditor({ value, language, ariaLabel, loadingText, onChange, onSave }: EditEditorProps) {
  const dark = useDarkTheme();
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  }, [onSave]);
  const editor = useRef<Parameters<OnMount>[0] | undefined>(undefined);
  // a new file (kubectl reopened it): its header, with the reasons, in view (runs after the Editor has taken the value)
  useEffect(() => {
    editor.current?.setPosition({ lineNumber: 1, column: 1 });
    editor.current?.setScrollTop(0);
  }, [value]);
  const [fontFamily] = useState(() => getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim() || undefined);
  return (
    <Editor
      // outside the workspace's URIs: the manifest schema's fileMatch (a stored object has status, uid, …) does not apply
      path={`inmemory://kubectl-edit/file.${language}`}
      language={language}
      value={value}
      theme={dark ? EDITOR_THEMES.dark : EDITOR_THEMES.light}
      loading={<p>{loadingText}</p>}
      onChange={(v) => onChange(v ?? '')}
      onMount={(mounted) => {
        editor.current = mounted;
        mounted.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => save.current(mounted.getValue()));
        mounted.focus();
      }}
      height="100%"
      options={{
        ariaLabel,
        ...(fontFamily !== undefined ? { fontFamily } : {}),
        ...MANIFEST_EDITOR_OPTIONS,
      }}
    />
  );
}
