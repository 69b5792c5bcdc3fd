// The lab workspace of `/[locale]/labs/<id>` (issue 6). Its public face is
// LabWorkspaceEmbed: a client leaf that loads the workspace — the worker running the
// lab's cluster, and Monaco — only after the page is interactive.
export { LabWorkspaceEmbed } from './lab-workspace-embed';
export type { LabClientView, LabWorkspaceProps } from './types';
