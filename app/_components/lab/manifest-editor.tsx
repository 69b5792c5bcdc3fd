'use client';
// The Monaco editor of the lab workspace, loaded only on lab pages and only after the
// page is interactive (the workspace imports this file through next/dynamic, ssr:false).
// One model per workspace file (its undo history survives switching tabs), YAML
// validated against the kinds' schemas by monaco-yaml, and the problems reported up so
// the workspace can list them as text: squiggles alone are invisible to a screen reader.
// A file Apply's decoder refuses is listed with that refusal instead (manifest-problems.ts).
// What the API server would refuse is judged by the simulation's worker against the live
// cluster (checkManifest), off the main thread, after a pause in typing and again when the
// cluster's log moves; answers for an older text or cluster are dropped (server-verdicts.ts).
import Editor from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { modelUri, WORKSPACE_URI } from './editor-schema';
import { decoderProblem, isManifestPath, mergeProblems, VALIDATION_MAX_BYTES, validationProblems, type EditorProblem } from './manifest-problems';
import { EDITOR_THEMES, MANIFEST_EDITOR_OPTIONS, setUpMonaco, useDarkTheme } from './monaco-setup';
import { ServerVerdicts } from './server-verdicts';

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
  /** the worker's verdict on a file's text against the live cluster; undefined: no cluster to judge on (the editor judges it as a create) */
  checkManifest: (path: string, text: string) => Promise<EditorProblem[] | undefined>;
  /** the cluster's action log version: a change can make a file's objects exist, or change them */
  clusterVersion: number | undefined;
  /** the squiggle's hover text of one of the API server's problems */
  serverMarker: (problem: EditorProblem) => string;
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


const monaco = setUpMonaco();
const VALIDATION_OWNER = 'reconcile-apiserver-validation';
/** After a pause this long in typing, the files are checked again. */
const CHECK_AFTER_TYPING_MS = 300;
/** After the cluster's log moves the files are checked again, and while it plays (its log moves every frame) at most this often. */
const CHECK_AFTER_CLUSTER_MS = 500;

export default function ManifestEditor({ path, value, ariaLabel, loadingText, onChange, onProblems, onLeave, leaveLabel, checkManifest, clusterVersion, serverMarker }: ManifestEditorProps) {
  const dark = useDarkTheme();
  const [fontFamily] = useState(monoFontFamily);
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  }, [onLeave]);
  // an action of this editor (a command would be global to Monaco and outlive the page)
  const leaveAction = useRef<{ dispose(): void } | undefined>(undefined);
  useEffect(() => () => leaveAction.current?.dispose(), []);
  // read by the checks when they run, so a new function or version does not re-subscribe them
  const live = useRef({ checkManifest, clusterVersion, serverMarker });
  useEffect(() => {
    live.current = { checkManifest, clusterVersion, serverMarker };
  }, [checkManifest, clusterVersion, serverMarker]);
  const checkFiles = useRef<() => void>(() => {});

  useEffect(() => {
    type Model = ReturnType<typeof monaco.editor.getModels>[number];
    // the decoder's verdict per model, kept while its text is the same version
    const decoded = new Map<string, { version: number; problem: EditorProblem | undefined }>();
    const verdicts = new ServerVerdicts();
    let disposed = false;
    const refusalOf = (model: Model, path: string) => {
      const key = model.uri.toString();
      const version = model.getVersionId();
      const known = decoded.get(key);
      if (known !== undefined && known.version === version) return known.problem;
      const problem = decoderProblem(path, model.getValue());
      decoded.set(key, { version, problem });
      return problem;
    };
    const workspaceModels = () =>
      monaco.editor.getModels().flatMap((model) => {
        const uri = model.uri.toString();
        return uri.startsWith(WORKSPACE_URI) ? [{ model, path: decodeURIComponent(uri.slice(WORKSPACE_URI.length)) }] : [];
      });
    // squiggles for the validation's problems too, under an owner of their own (not listed twice below)
    const mark = (model: Model, invalid: readonly EditorProblem[]) =>
      monaco.editor.setModelMarkers(
        model,
        VALIDATION_OWNER,
        invalid.map((p) => ({ severity: monaco.MarkerSeverity.Warning, message: live.current.serverMarker(p), startLineNumber: Math.max(1, p.line), startColumn: 1, endLineNumber: Math.max(1, p.line), endColumn: model.getLineMaxColumn(Math.max(1, p.line)) })),
      );
    const report = () => {
      const problems: EditorProblem[] = [];
      const refusals: EditorProblem[] = [];
      for (const { model, path } of workspaceModels()) {
        const refusal = refusalOf(model, path);
        if (refusal !== undefined) refusals.push(refusal);
        else problems.push(...verdicts.problems(path));
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
    // every file whose text or cluster changed since it was last asked about: a question to
    // the worker (a file Apply would not read, or too large to check while typing, has no
    // verdict to wait for); a file the decoder refuses has none at all
    const check = () => {
      const { checkManifest: ask, clusterVersion: cluster } = live.current;
      for (const { model, path } of workspaceModels()) {
        if (refusalOf(model, path) !== undefined) {
          if (verdicts.clear(path)) mark(model, []);
          continue;
        }
        const text = model.getValue();
        const id = verdicts.ask(path, text, cluster);
        if (id === undefined) continue;
        const checkable = isManifestPath(path) && text.length <= VALIDATION_MAX_BYTES;
        void (checkable ? ask(path, text) : Promise.resolve([])).then((answer) => {
          if (disposed || model.isDisposed()) return;
          // no cluster to judge on: every object is judged as new, here
          const problems = answer ?? validationProblems(path, text);
          if (!verdicts.answer(path, id, problems, model.getValue())) return;
          mark(model, problems);
          report();
        });
      }
    };
    checkFiles.current = check;
    // markers change when monaco-yaml has validated; text it finds nothing in (and that
    // had no markers before) changes none, so an edit is also checked after a pause
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        check();
        report();
      }, CHECK_AFTER_TYPING_MS);
    };
    const contentSubs = monaco.editor.getModels().map((m) => m.onDidChangeContent(soon));
    // a tab opened for the first time brings its model: checked like an edit
    const subs = [
      monaco.editor.onDidChangeMarkers(report),
      monaco.editor.onDidCreateModel((m) => {
        contentSubs.push(m.onDidChangeContent(soon));
        soon();
      }),
    ];
    check();
    report();
    return () => {
      disposed = true;
      checkFiles.current = () => {};
      if (timer !== undefined) clearTimeout(timer);
      for (const sub of [...subs, ...contentSubs]) sub.dispose();
    };
  }, [onProblems]);

  // the cluster changed: the files are judged again, at most twice a second while it plays
  const clusterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (clusterTimer.current !== undefined) return;
    clusterTimer.current = setTimeout(() => {
      clusterTimer.current = undefined;
      checkFiles.current();
    }, CHECK_AFTER_CLUSTER_MS);
  }, [clusterVersion]);
  useEffect(
    () => () => {
      if (clusterTimer.current !== undefined) clearTimeout(clusterTimer.current);
      clusterTimer.current = undefined;
    },
    [],
  );

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
      // the workspace sets it (taller beside the terminal on a wide screen)
      height="var(--lab-editor-height, 24rem)"
      options={{
        ariaLabel,
        ...(fontFamily !== undefined ? { fontFamily } : {}),
        ...MANIFEST_EDITOR_OPTIONS,
        renderValidationDecorations: 'on',
      }}
    />
  );
}
