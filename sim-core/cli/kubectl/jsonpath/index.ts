// kubectl 1.32's `-o jsonpath=…`, `-o jsonpath-as-json=…` and `-o custom-columns=…` as pure
// functions: k8s.io/client-go/util/jsonpath (parser.go, jsonpath.go), cli-runtime's
// pkg/printers/jsonpath.go and genericclioptions/jsonpath_flags.go, and kubectl's
// pkg/cmd/get/customcolumn.go. Every error text is what kubectl prints on stderr (with its
// "error: " and final newline). Checked against the real kubectl's output in
// ../testdata/real-1.32-jsonpath/ (recorded by ../testdata/capture-jsonpath.sh).
import { MAX_TEMPLATE_LENGTH, parseNodes, type ParsedTemplate } from './parser';

export { printJsonPath, type JsonPathOptions, type PrintResult } from './execute';
export { parseCustomColumns, printCustomColumns, type ColumnSpec, type ColumnsResult } from './custom-columns';
export type { ParsedTemplate } from './parser';

/** The template of `-o jsonpath=<template>` (or jsonpath-as-json), as kubectl parses it before printing anything. */
export function parseJsonPath(template: string): { ok: true; value: ParsedTemplate } | { ok: false; error: string } {
  if (template === '') return { ok: false, error: 'error: template format specified but no template given\n' };
  if (template.length > MAX_TEMPLATE_LENGTH) return { ok: false, error: `error: error parsing jsonpath: template longer than ${MAX_TEMPLATE_LENGTH} characters (simulator limit)\n` };
  const r = parseNodes(template);
  if (!r.ok) return { ok: false, error: `error: error parsing jsonpath ${template}, ${r.error}\n` };
  return { ok: true, value: { source: template, nodes: r.nodes } };
}
