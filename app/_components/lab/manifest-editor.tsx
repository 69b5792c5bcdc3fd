'use client';
// The Monaco editor of the lab workspace, loaded only on lab pages and only after the
// page is interactive (the workspace imports this file through next/dynamic, ssr:false).
// One model per workspace file (its undo history survives switching tabs), YAML
// validated against the kinds' schemas by monaco-yaml, and the problems reported up so
// the workspace can list them as text: squiggles alone are invisible to a screen reader.
// A file Apply's decoder refuses is listed with that refusal instead (manifest-problems.ts).
import Editor from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { modelUri, WORKSPACE_URI } from './editor-schema';
import { decoderProblem, mergeProblems, validationProblems, type EditorProblem } from './manifest-problems';
import { EDITOR_THEMES, setUpMonaco } from './monaco-setup';

export type { EditorProblem };

export interface ManifestEditorProps {
  path: string;
  value: string;
  /** Monaco's own label for its text area */
  ariaLabel: string;
  loadingText: string;
  onChange: (path: string, value: string) => void;
  onProblems: (problems: EditorProblem[]) => void;
  /** Escape with nothing of Monaco's open: the keyboard leaves the editor (Tab indents inside it) */
  onLeave: () => void;
  /** that action's name in Monaco's command palette */
  leaveLabel: string;
}

// Escape closes Monaco's own widgets and extra cursors first; only after that does it leave
const LEAVE_WHEN = [
  'editorTextFocus',
  '!suggestWidgetVisible',
  '!findWidgetVisible',
  '!parameterHintsVisible',
  '!renameInputVisible',
  '!editorHoverVisible',
  '!markersNavigationVisible',
  '!editorHasMultipleSelections',
  '!inSnippetMode',
].join(' && ');

/** The app's monospace stack, which ends with the self-hosted Noto Sans KR: Monaco's default shows Hangul as boxes where no Korean font is installed. */
function monoFontFamily(): string | undefined {
  const stack = getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim();
  return stack === '' ? undefined : stack;
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
const VALIDATION_OWNER = 'reconcile-apiserver-validation';

export default function ManifestEditor({ path, value, ariaLabel, loadingText, onChange, onProblems, onLeave, leaveLabel }: ManifestEditorProps) {
  const dark = useDarkTheme();
  const [fontFamily] = useState(monoFontFamily);
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  }, [onLeave]);
  // an action of this editor (a command would be global to Monaco and outlive the page)
  const leaveAction = useRef<{ dispose(): void } | undefined>(undefined);
  useEffect(() => () => leaveAction.current?.dispose(), []);

  useEffect(() => {
    // the decoder's and the validation's verdicts per model, kept while its text is the same version
    const decoded = new Map<string, { version: number; problem: EditorProblem | undefined; invalid: EditorProblem[] }>();
    const verdictOf = (model: ReturnType<typeof monaco.editor.getModels>[number], path: string) => {
      const key = model.uri.toString();
      const version = model.getVersionId();
      const known = decoded.get(key);
      if (known !== undefined && known.version === version) return known;
      const text = model.getValue();
      const problem = decoderProblem(path, text);
      const verdict = { version, problem, invalid: problem === undefined ? validationProblems(path, text) : [] };
      decoded.set(key, verdict);
      // squiggles for the validation's problems too, under an owner of their own (not listed twice below)
      monaco.editor.setModelMarkers(
        model,
        VALIDATION_OWNER,
        verdict.invalid.map((p) => ({ severity: monaco.MarkerSeverity.Warning, message: `kube-apiserver: ${p.message}`, startLineNumber: Math.max(1, p.line), startColumn: 1, endLineNumber: Math.max(1, p.line), endColumn: model.getLineMaxColumn(Math.max(1, p.line)) })),
      );
      return verdict;
    };
    const report = () => {
      const problems: EditorProblem[] = [];
      const refusals: EditorProblem[] = [];
      for (const model of monaco.editor.getModels()) {
        const uri = model.uri.toString();
        if (!uri.startsWith(WORKSPACE_URI)) continue;
        const path = decodeURIComponent(uri.slice(WORKSPACE_URI.length));
        const verdict = verdictOf(model, path);
        if (verdict.problem !== undefined) refusals.push(verdict.problem);
        problems.push(...verdict.invalid);
        for (const m of monaco.editor.getModelMarkers({ resource: model.uri })) {
          if (m.owner === VALIDATION_OWNER) continue;
          problems.push({
            path,
            line: m.startLineNumber,
            column: m.startColumn,
            message: m.message,
            severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : m.severity === monaco.MarkerSeverity.Warning ? 'warning' : 'info',
          });
        }
      }
      onProblems(mergeProblems(problems, refusals));
    };
    // markers change when monaco-yaml has validated; text it finds nothing in (and that
    // had no markers before) changes none, so an edit is also checked after a pause
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(report, 300);
    };
    const contentSubs = monaco.editor.getModels().map((m) => m.onDidChangeContent(soon));
    const subs = [monaco.editor.onDidChangeMarkers(report), monaco.editor.onDidCreateModel((m) => contentSubs.push(m.onDidChangeContent(soon)))];
    report();
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const sub of [...subs, ...contentSubs]) sub.dispose();
    };
  }, [onProblems]);

  return (
    <Editor
      path={modelUri(path)}
      defaultLanguage="yaml"
      value={value}
      theme={dark ? EDITOR_THEMES.dark : EDITOR_THEMES.light}
      loading={<p className="muted">{loadingText}</p>}
      onChange={(v) => onChange(path, v ?? '')}
      onMount={(editor) => {
        leaveAction.current?.dispose();
        leaveAction.current = editor.addAction({ id: 'reconcile.leaveEditor', label: leaveLabel, keybindings: [monaco.KeyCode.Escape], keybindingContext: LEAVE_WHEN, run: () => leave.current() });
      }}
      height="24rem"
      options={{
        ariaLabel,
        ...(fontFamily !== undefined ? { fontFamily } : {}),
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
