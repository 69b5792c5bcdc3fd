// What the API server needs to know about one kind: its schema (the single source of
// truth, also exported as JSON Schema for the lab editor), defaulting, validation, and
// where it lives in the REST API and in etcd.
import type { z } from 'zod';
import type { FieldError } from './fieldErrors';
import type { NameRule } from './nameRules';

export interface KindDefinition {
  apiVersion: string;
  /** '' for the core group. */
  group: string;
  version: string;
  kind: string;
  /** REST resource, plural: `deployments`. */
  resource: string;
  singular: string;
  shortNames: readonly string[];
  namespaced: boolean;
  /**
   * etcd key prefix from the real registry (kubernetes/pkg/registry/<group>/<resource>/storage):
   * objects live at `<prefix>/<namespace>/<name>` or, cluster-scoped, `<prefix>/<name>`.
   */
  etcdPrefix: string;
  /**
   * Whether the kind's registry strategy keeps metadata.generation (PrepareForCreate sets
   * it to 1, an update of the spec bumps it): apps/v1 workloads and EndpointSlices do;
   * Pods (before 1.33), Services, ConfigMaps and most core kinds have none.
   */
  tracksGeneration?: boolean;
  /** Strict decoding schema of the whole object (unknown fields rejected). */
  schema: z.ZodType;
  /** The rule metadata.name must follow (most kinds: DNS-1123 subdomain). */
  nameRule: NameRule;
  /** Returns a defaulted copy; never mutates its argument. */
  defaults(obj: Record<string, unknown>): Record<string, unknown>;
  /** Validation of a defaulted object on create; an empty list means valid. */
  validate(obj: Record<string, unknown>): FieldError[];
}

/** `apps/v1` + `Deployment` → the registry key used by the API server. */
export function gvkKey(apiVersion: string, kind: string): string {
  return `${apiVersion}/${kind}`;
}

export function etcdKey(def: KindDefinition, namespace: string | undefined, name: string): string {
  return def.namespaced ? `${def.etcdPrefix}/${namespace ?? ''}/${name}` : `${def.etcdPrefix}/${name}`;
}

