// Monaco for the lab editor, from the app's own files (never a CDN), set up once:
// - @monaco-editor/react's loader is pointed at the bundled monaco-editor (loader.config),
//   so it never injects the CDN's AMD loader;
// - the workers are module workers the app serves (`worker-src 'self'`; no blob: URLs):
//   monaco-yaml's for the `yaml` label (on a Korean page, yaml-ko.worker.ts: its problems
//   in Korean), the editor worker for everything else;
// - monaco-yaml 5.5.1 calls `monaco.editor.createWebWorker({ moduleId, label, createData })`,
//   but monaco-editor ≥ 0.56 requires `opts.worker` there, so without help validation
//   silently never runs ("Missing requestHandler or method: doValidation";
//   remcohaszing/monaco-yaml#272). The wrapper creates the worker through
//   MonacoEnvironment.getWorker and sends it its createData, the way monaco-editor's own
//   language workers do (esm/vs/internal/common/workers.js: an "ignore" message that
//   starts the worker's initialisation, then createData).
import { useEffect, useState } from 'react';
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import { MANIFEST_FILE_MATCH, MANIFEST_SCHEMA_URI, manifestSchema } from './editor-schema';

type Monaco = typeof monaco;

interface LegacyWorkerOptions {
  worker?: Worker | Promise<Worker>;
  moduleId?: string;
  label?: string;
  createData?: unknown;
  host?: Record<string, (...args: unknown[]) => unknown>;
  keepIdleModels?: boolean;
}

interface MonacoEnvironmentScope {
  MonacoEnvironment?: { getWorker(moduleId: string, label: string): Worker };
}

function createWorker(label: string): Worker {
  // on a Korean page, the same worker with its schema problems worded in Korean
  if (label === 'yaml' && document.documentElement.lang === 'ko') return new Worker(new URL('./yaml-ko.worker', import.meta.url), { type: 'module', name: 'yaml' });
  if (label === 'yaml') return new Worker(new URL('monaco-yaml/yaml.worker', import.meta.url), { type: 'module', name: 'yaml' });
  return new Worker(new URL('monaco-editor/editor/editor.worker', import.meta.url), { type: 'module', name: 'editor' });
}

function patchCreateWebWorker(m: Monaco, scope: MonacoEnvironmentScope): void {
  const original = m.editor.createWebWorker as unknown as (opts: LegacyWorkerOptions) => unknown;
  const patched = (opts: LegacyWorkerOptions) => {
    if (opts.worker !== undefined) return original(opts);
    const worker = scope.MonacoEnvironment!.getWorker(opts.moduleId ?? 'workerMain.js', opts.label ?? 'editorWorkerService');
    worker.postMessage('ignore');
    worker.postMessage(opts.createData);
    return original({ ...opts, worker });
  };
  (m.editor as unknown as { createWebWorker: typeof patched }).createWebWorker = patched;
}

let ready: Monaco | undefined;

/** Monaco's own themes, with comments dark enough (light) or bright enough (dark) for WCAG AA contrast. */
export const EDITOR_THEMES = { light: 'reconcile-light', dark: 'reconcile-dark' } as const;

/** The options the lab's manifest editor and the kubectl edit dialog share (each adds its aria label and font). */
export const MANIFEST_EDITOR_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 14,
  tabSize: 2,
  insertSpaces: true,
  scrollBeyondLastLine: false,
  automaticLayout: true,
  accessibilitySupport: 'auto',
  wordWrap: 'on',
  // 'simple' wrapping counts a Hangul syllable as two columns of the width of one fullwidth
  // Latin letter (U+FF4D), which is not the width the browser draws Korean at: wrapped
  // Korean comments ran past the right edge and were cut. 'advanced' has the browser
  // measure each line (slower, but the manifests are short; Monaco switches to it by
  // itself for a screen reader: editorOptions.ts WrappingStrategy)
  wrappingStrategy: 'advanced',
} as const satisfies monaco.editor.IStandaloneEditorConstructionOptions;

function defineThemes(m: Monaco): void {
  m.editor.defineTheme(EDITOR_THEMES.light, { base: 'vs', inherit: true, rules: [{ token: 'comment', foreground: '2F6B1F' }], colors: {} });
  m.editor.defineTheme(EDITOR_THEMES.dark, { base: 'vs-dark', inherit: true, rules: [{ token: 'comment', foreground: 'A6D38F' }], colors: {} });
}

export function setUpMonaco(): Monaco {
  if (ready) return ready;
  const scope = globalThis as unknown as MonacoEnvironmentScope;
  scope.MonacoEnvironment = { getWorker: (_moduleId, label) => createWorker(label) };
  patchCreateWebWorker(monaco, scope);
  loader.config({ monaco });
  defineThemes(monaco);
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: true,
    completion: true,
    hover: true,
    format: { enable: false },
    // Monaco is built once per page in its language (monaco-nls.ts): so is the schema its hovers read
    schemas: [{ uri: MANIFEST_SCHEMA_URI, fileMatch: MANIFEST_FILE_MATCH, schema: manifestSchema(document.documentElement.lang) as never }],
  });
  ready = monaco;
  return monaco;
}

/** Whether the page is in dark mode (the theme toggle's `data-theme`), followed as it changes: both Monaco editors pick their theme by it. */
export function useDarkTheme(): boolean {
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
