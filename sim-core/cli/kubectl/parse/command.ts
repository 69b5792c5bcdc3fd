// The typed result of parsing a kubectl command line.
import type { ParsedFlags } from '../../flags/flagset';
import type { DryRun } from '../messages';
import type { MetadataChanges, ResourceTarget } from './resources';
import type { TaintChanges } from '../taints';
import type { WaitCondition } from '../wait-condition';

export type CommandName =
  | 'get'
  | 'describe'
  | 'apply'
  | 'create'
  | 'create deployment'
  | 'create namespace'
  | 'create serviceaccount'
  | 'create configmap'
  | 'create secret generic'
  | 'run'
  | 'version'
  | 'taint'
  | 'patch'
  | 'api-resources'
  | 'api-versions'
  | 'wait'
  | 'config view'
  | 'config current-context'
  | 'config get-contexts'
  | 'config get-clusters'
  | 'config get-users'
  | 'config use-context'
  | 'expose'
  | 'delete'
  | 'scale'
  | 'create service clusterip'
  | 'create service nodeport'
  | 'create service loadbalancer'
  | 'create service externalname'
  | 'set image'
  | 'set env'
  | 'set resources'
  | 'rollout status'
  | 'rollout history'
  | 'rollout undo'
  | 'rollout restart'
  | 'rollout pause'
  | 'rollout resume'
  | 'label'
  | 'annotate'
  | 'cordon'
  | 'uncordon'
  | 'drain'
  | 'logs'
  | 'auth can-i'
  | 'replace'
  | 'edit';

export interface KubectlCommand {
  command: CommandName;
  /** -n/--namespace; undefined: the context's namespace (`default`) */
  namespace?: string;
  /** the objects named on the command line, resolved to kinds */
  targets: ResourceTarget[];
  /** node names (cordon, uncordon, drain), NAME (create deployment|namespace, run), POD and CONTAINER words (logs) */
  args: string[];
  /** what followed NAME (after `--` for create deployment): the container's command or args */
  commandArgs: string[];
  filenames: string[];
  recursive: boolean;
  /** --raw URI (get, create, replace, delete): one HTTP request to that path, its answer printed as the server sent it (run/raw.ts) */
  raw?: string;
  /** -o: '', 'wide', 'name', 'yaml', 'json', … */
  output: string;
  selector?: string;
  fieldSelector?: string;
  allNamespaces: boolean;
  all: boolean;
  watch: boolean;
  watchOnly: boolean;
  showLabels: boolean;
  /** --show-kind: prefix names with their kind even for one kind */
  showKind: boolean;
  /** -L/--label-columns */
  labelColumns: string[];
  noHeaders: boolean;
  ignoreNotFound: boolean;
  dryRun: DryRun;
  /** scale --replicas, create deployment --replicas */
  replicas?: number;
  /** rollout undo --to-revision (0: the previous one) */
  toRevision: number;
  /** rollout status|history --revision */
  revision: number;
  overwrite: boolean;
  force: boolean;
  gracePeriod: number;
  cascade: string;
  showEvents: boolean;
  ignoreDaemonsets: boolean;
  deleteEmptydirData: boolean;
  /** create deployment */
  images: string[];
  port: number;
  /** logs */
  container?: string;
  follow: boolean;
  previous: boolean;
  tail: number;
  /** label / annotate */
  metadataChanges?: MetadataChanges;
  /** wait: the condition --for names */
  waitFor?: WaitCondition;
  /** taint: the additions and removals */
  taintChanges?: TaintChanges;
  /** set image: container → image */
  imageUpdates: Record<string, string>;
  /** set env: the KEY=VALUE and KEY- words after the resources */
  envArgs?: string[];
  /** klog warnings kubectl prints on stderr before running (deprecated --dry-run forms) */
  warnings: string[];
  /** every flag as parsed, for the rare ones not lifted above */
  flags: ParsedFlags;
}

export type ParseResult =
  | { ok: true; command: KubectlCommand }
  /** `-h`/`--help`, or a command group given without its subcommand: show that help page */
  | { ok: true; help: string[]; exitCode: number }
  | { ok: false; stdout: string; stderr: string; exitCode: number };

export interface ParseOptions {
  /** the simulated clock's tick, for klog's timestamp */
  now?: number;
}

