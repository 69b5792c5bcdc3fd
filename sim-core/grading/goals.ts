// Goal predicates as data (DESIGN.md §2 grading/): what a lab asks the learner to reach,
// written in lab.yaml under each goal's `check` and validated here with zod. One strict
// schema per `kind`; the evaluators live in ./predicates and ./history.
//
// Kubernetes-level goals read the API objects the API server stores as JSON in etcd under
// /registry/<resource>/<namespace>/<name> (kubernetes/kubernetes
// staging/src/k8s.io/apiserver/pkg/storage/etcd3: the key is the storage prefix + the
// object's namespace/name). They need nothing but the etcd contents, so they work on any
// topology that stores those keys.
import { z } from 'zod';
import { KINDS } from '../apiserver/kinds';
import { parseJsonPath } from './json-path';

const MAX_TEXT = 1_024;

const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** An etcd key, or a key prefix such as `/registry/pods/default/`. */
const etcdKey = z
  .string({ error: 'write the etcd key as text, e.g. /registry/deployments/default/web' })
  .min(1, 'the key is empty; write an etcd key such as /registry/deployments/default/web')
  .max(MAX_TEXT);

/** A JavaScript regular expression, tested against the whole stored text. */
const regex = z
  .string()
  .min(1)
  .max(MAX_TEXT)
  .refine(compiles, 'this is not a valid regular expression; check the brackets and escapes')
  .meta({ description: 'a regular expression (JavaScript syntax) the value must match somewhere; anchor it with ^…$ to match the whole value' });

/** A field path inside a stored JSON object. */
const jsonPath = z
  .string({ error: 'write a field path such as spec.replicas' })
  .max(MAX_TEXT)
  .superRefine((p, ctx) => {
    const r = parseJsonPath(p);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: `the path '${p}' is not valid: ${r.error}` });
  })
  .meta({ description: 'a field path: dotted names, [0] for a list index, ["key"] for a key with dots or slashes, e.g. metadata.labels["app.kubernetes.io/name"]' });

const scalar = z.union([z.string().max(MAX_TEXT), z.number(), z.boolean(), z.null()]);

const exactlyOne = (fields: readonly string[]) => (o: Record<string, unknown>) =>
  fields.filter((f) => o[f] !== undefined).length === 1;

/** A test on one value: equal to a scalar, matching a regex, or (not) present. */
const fieldTest = {
  equals: scalar.optional().meta({ description: 'the value must equal this (string, number, true/false or null)' }),
  matches: regex.optional(),
  exists: z.boolean().optional().meta({ description: 'true: the field must be present; false: it must be absent' }),
};
const FIELD_TESTS = ['equals', 'matches', 'exists'] as const;
const oneFieldTest = `give exactly one of ${FIELD_TESTS.join(', ')}`;

export const fieldConditionSchema = z
  .strictObject({ path: jsonPath, ...fieldTest })
  .refine(exactlyOne(FIELD_TESTS), oneFieldTest)
  .meta({ description: 'a condition on one field of the stored object' });

/** eq / gte / lte: at least one; all given must hold. */
export const countSchema = z
  .strictObject({
    eq: z.number().int().min(0).optional(),
    gte: z.number().int().min(0).optional(),
    lte: z.number().int().min(0).optional(),
  })
  .refine((c) => c.eq !== undefined || c.gte !== undefined || c.lte !== undefined, 'give eq, gte or lte (e.g. { eq: 3 })')
  .meta({ description: 'how many: eq (exactly), gte (at least), lte (at most); all given must hold' });

/** A Kubernetes LabelSelector (metav1.LabelSelector): matchLabels AND matchExpressions. */
export const labelSelectorSchema = z
  .strictObject({
    matchLabels: z.record(z.string().max(317), z.string().max(63)).optional(),
    matchExpressions: z
      .array(
        z.strictObject({
          key: z.string().min(1).max(317),
          operator: z.enum(['In', 'NotIn', 'Exists', 'DoesNotExist']),
          values: z.array(z.string().max(63)).max(64).optional(),
        }),
      )
      .max(16)
      .optional(),
  })
  .meta({ description: 'a label selector as in a Deployment: matchLabels and/or matchExpressions' });

/** The plural resource name as the API server stores it: pods, deployments, services, endpoints, nodes… */
const resource = z
  .string()
  .regex(/^[a-z][a-z0-9.]*$/, 'write the resource in lower-case plural, as kubectl names it: pods, deployments, replicasets, services, endpoints, nodes')
  .max(63);

const namespace = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'a namespace name: lower-case letters, digits and hyphens')
  .max(63);

const objectName = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'an object name: lower-case letters, digits, hyphens and dots')
  .max(253);

// ---- etcd-level ----

export const keyExistsSchema = z.strictObject({
  kind: z.literal('keyExists'),
  key: etcdKey,
  prefix: z.boolean().optional().meta({ description: 'true: some key under this prefix must exist' }),
});

export const keyAbsentSchema = z.strictObject({
  kind: z.literal('keyAbsent'),
  key: etcdKey,
  prefix: z.boolean().optional().meta({ description: 'true: no key under this prefix may exist' }),
});

export const keyValueSchema = z
  .strictObject({
    kind: z.literal('keyValue'),
    key: etcdKey,
    equals: z.string().max(MAX_TEXT).optional().meta({ description: 'the stored value must be exactly this text' }),
    matches: regex.optional(),
  })
  .refine(exactlyOne(['equals', 'matches']), 'give exactly one of equals, matches');

export const jsonPathSchema = z
  .strictObject({
    kind: z.literal('jsonPath'),
    key: etcdKey.meta({ description: 'the key of a stored JSON object, e.g. /registry/deployments/default/web' }),
    path: jsonPath,
    ...fieldTest,
  })
  .refine(exactlyOne(FIELD_TESTS), oneFieldTest);

// ---- Kubernetes-level (JSON objects in etcd) ----

/** Which stored objects a check looks at: countObjects and sumField share it. */
const objectQuery = {
  resource,
  namespace: namespace.optional().meta({ description: 'only objects in this namespace; omit for every namespace' }),
  selector: labelSelectorSchema.optional(),
  where: z.array(fieldConditionSchema).max(16).optional().meta({ description: 'field conditions every object looked at must meet' }),
};

export const countObjectsSchema = z.strictObject({
  kind: z.literal('countObjects'),
  ...objectQuery,
  count: countSchema,
});

export const sumFieldSchema = z.strictObject({
  kind: z.literal('sumField'),
  ...objectQuery,
  path: jsonPath.meta({ description: 'the whole-number field to add up over the matching objects, e.g. spec.replicas; an object without it adds 0' }),
  total: countSchema.meta({ description: 'what the total must be: eq (exactly), gte (at least), lte (at most)' }),
});

export const ownerChainSchema = z.strictObject({
  kind: z.literal('ownerChain'),
  namespace: namespace.default('default'),
  deployment: objectName.meta({ description: 'the Deployment whose ReplicaSet must own the Pods' }),
  pods: countSchema.optional().meta({ description: "how many Pods must hang off the chain; default: the Deployment's spec.replicas" }),
});

export const podsReadySchema = z.strictObject({
  kind: z.literal('podsReady'),
  namespace: namespace.default('default'),
  selector: labelSelectorSchema.optional(),
  count: countSchema,
});

export const serviceAnswersSchema = z.strictObject({
  kind: z.literal('serviceAnswers'),
  namespace: namespace.default('default'),
  service: objectName,
  minReadyAddresses: z.number().int().min(1).max(10_000).default(1),
});

// ---- Raft ----

export const raftHealthySchema = z.strictObject({
  kind: z.literal('raftHealthy'),
  members: z.number().int().min(1).max(7).optional().meta({ description: "members that must be up and in the leader's partition group; default: every member" }),
  minCommitIndex: z.number().int().min(0).optional().meta({ description: "the leader's commit index must be at least this" }),
});

export const committedAfterFaultSchema = z.strictObject({
  kind: z.literal('committedAfterFault'),
  key: etcdKey.optional().meta({ description: 'the key that must be written after the last fault (sim kill / sim partition) of the log; omit for any key' }),
  prefix: z.boolean().optional().meta({ description: 'true: any key under `key`' }),
});

// ---- the WAL (judged once, at the end of the run) ----

/** etcdctl's txn names for a compare's target (`mod("k") = "6"`). */
export const COMPARE_TARGETS = ['mod', 'version', 'create', 'value'] as const;

export const guardedWriteSchema = z.strictObject({
  kind: z.literal('guardedWrite'),
  key: etcdKey.meta({ description: 'the key whose current value must have been written by a txn guarded by a compare on it, e.g. /registry/configmaps/default/app-config' }),
  compare: z
    .enum(COMPARE_TARGETS, { error: `write one of ${COMPARE_TARGETS.join(', ')}` })
    .default('mod')
    .meta({ description: "what the txn's equality compare on the key must test: mod (mod_revision, as the API server's updates do; the default), version, create (create_revision) or value" }),
});

// ---- authorization (the RBAC objects in etcd) ----

/**
 * The cluster-scoped resources an `authorized` goal may name, as `resource.group` (`nodes.`
 * for the core group): those the simulated API server serves, and the common built-ins of a
 * real one that a lab may still ask about (`kubectl api-resources --namespaced=false`),
 * with `users` and `groups`, which impersonation asks about. A request for one has no
 * namespace, so only a ClusterRoleBinding can grant it.
 */
const CLUSTER_SCOPED = new Set([
  ...KINDS.filter((k) => !k.namespaced).map((k) => `${k.resource}.${k.group}`),
  'persistentvolumes.',
  'users.',
  'groups.',
  'storageclasses.storage.k8s.io',
  'csinodes.storage.k8s.io',
  'volumeattachments.storage.k8s.io',
  'priorityclasses.scheduling.k8s.io',
  'runtimeclasses.node.k8s.io',
  'ingressclasses.networking.k8s.io',
  'customresourcedefinitions.apiextensions.k8s.io',
  'certificatesigningrequests.certificates.k8s.io',
  'mutatingwebhookconfigurations.admissionregistration.k8s.io',
  'validatingwebhookconfigurations.admissionregistration.k8s.io',
]);

/** The verbs kubectl auth can-i knows for a resource (cani.go resourceVerbs), `*` included. */
export const AUTHORIZATION_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', 'escalate', 'approve', 'sign', 'attest', '*'] as const;

export const authorizedSchema = z
  .strictObject({
    kind: z.literal('authorized'),
    user: z
      .string()
      .min(1)
      .max(253)
      .optional()
      .meta({ description: 'the user the request comes from, e.g. jane or system:serviceaccount:shop:ci-deployer; give user or serviceAccount' }),
    serviceAccount: z
      .strictObject({ namespace, name: objectName })
      .optional()
      .meta({ description: 'the ServiceAccount the request comes from (user system:serviceaccount:<namespace>:<name>, with its groups system:serviceaccounts and system:serviceaccounts:<namespace>)' }),
    groups: z
      .array(z.string().min(1).max(253))
      .max(16)
      .optional()
      .meta({
        description:
          "the user's groups, as kubectl --as-group gives them: all of them, so a ServiceAccount's own (system:serviceaccounts, system:serviceaccounts:<namespace>) are left out unless listed; system:authenticated is added unless system:authenticated or system:unauthenticated is listed",
      }),
    verb: z.enum(AUTHORIZATION_VERBS, { error: `write one of ${AUTHORIZATION_VERBS.join(', ')}` }),
    resource: z
      .string()
      .regex(/^([a-z][a-z0-9]*|\*)$/, 'write the resource in lower-case plural without its group (deployments, secrets, pods), and the group in `group` (apps)')
      .max(63),
    group: z
      .string()
      .regex(/^([a-z0-9]([-a-z0-9.]*[a-z0-9])?|\*)?$/, 'an API group: "" for the core group (pods, secrets), apps, rbac.authorization.k8s.io')
      .max(253)
      .default('')
      .meta({ description: 'the API group of the resource: omit (or "") for the core group of pods and secrets; apps for deployments' }),
    subresource: z.string().regex(/^[a-z]+$/, 'a subresource such as status, scale or log').max(63).optional(),
    namespace: namespace
      .optional()
      .meta({ description: 'the namespace of the request; omit for a cluster-scoped resource (nodes, namespaces, clusterroles) and for a request at the cluster scope (a list in every namespace), which only ClusterRoleBindings can grant' }),
    name: objectName.optional().meta({ description: "the object's name, for rules with resourceNames; omit for a request on no one object (list, create)" }),
    allowed: z.boolean().meta({ description: 'true: the API server must allow the request; false: it must refuse it (403 Forbidden)' }),
  })
  .refine(exactlyOne(['user', 'serviceAccount']), 'give exactly one of user, serviceAccount')
  .superRefine((g, ctx) => {
    if (g.namespace === undefined || !CLUSTER_SCOPED.has(`${g.resource}.${g.group}`)) return;
    const what = g.group === '' ? g.resource : `${g.resource}.${g.group}`;
    ctx.addIssue({
      code: 'custom',
      path: ['namespace'],
      message: `${what} are cluster-scoped: a request for them has no namespace, and only a ClusterRoleBinding can grant it (a RoleBinding in ${g.namespace} never does, whatever its role says); remove namespace`,
    });
  });

// ---- state checks (one moment) and history goals (the whole run) ----

export const STATE_CHECK_KINDS = [
  'keyExists',
  'keyAbsent',
  'keyValue',
  'jsonPath',
  'countObjects',
  'sumField',
  'ownerChain',
  'podsReady',
  'serviceAnswers',
  'raftHealthy',
  'committedAfterFault',
  'authorized',
] as const;
/** Checks that read the members' WAL: judged at the end of the run only, never inside always/eventually. */
export const END_CHECK_KINDS = ['guardedWrite'] as const;
export const HISTORY_KINDS = ['always', 'eventually'] as const;
export const GOAL_KINDS = [...STATE_CHECK_KINDS, ...END_CHECK_KINDS, ...HISTORY_KINDS] as const;

const unknownKind = (kinds: readonly string[]) => (iss: { input?: unknown }) => {
  const kind = (iss.input as { kind?: unknown } | undefined)?.kind;
  if (kind === undefined) return `add a kind: one of ${kinds.join(', ')}`;
  if (!kinds.includes(kind as string) && (END_CHECK_KINDS as readonly unknown[]).includes(kind)) {
    return `${JSON.stringify(kind)} is judged once, at the end of the run (it replays the WAL); it cannot be a condition of always or eventually`;
  }
  return `unknown kind ${JSON.stringify(kind)}; use one of ${kinds.join(', ')}`;
};

/** The checks of one moment's state; history goals wrap one of them. */
const stateCheckSchemas = [
  keyExistsSchema,
  keyAbsentSchema,
  keyValueSchema,
  jsonPathSchema,
  countObjectsSchema,
  sumFieldSchema,
  ownerChainSchema,
  podsReadySchema,
  serviceAnswersSchema,
  raftHealthySchema,
  committedAfterFaultSchema,
  authorizedSchema,
] as const;

export const stateCheckSchema = z.discriminatedUnion('kind', [...stateCheckSchemas], { error: unknownKind(STATE_CHECK_KINDS) });

export const alwaysSchema = z.strictObject({
  kind: z.literal('always'),
  condition: stateCheckSchema.meta({ description: 'must hold at every observed state of the run' }),
});

export const eventuallySchema = z.strictObject({
  kind: z.literal('eventually'),
  condition: stateCheckSchema.meta({ description: 'must hold at some observed state of the run' }),
});

/** The `check` of a lab goal. */
export const goalCheckSchema = z
  .discriminatedUnion('kind', [...stateCheckSchemas, guardedWriteSchema, alwaysSchema, eventuallySchema], { error: unknownKind(GOAL_KINDS) })
  .meta({ description: "a goal predicate of sim-core's grading/, evaluated over the simulated etcd contents and history" });

/** A goal as grade() takes it: an id and its check. */
export const goalSchema = z.strictObject({
  id: z.string().min(1).max(80),
  check: goalCheckSchema,
});

export type FieldCondition = z.infer<typeof fieldConditionSchema>;
export type CountSpec = z.infer<typeof countSchema>;
export type LabelSelector = z.infer<typeof labelSelectorSchema>;
export type StateCheck = z.infer<typeof stateCheckSchema>;
export type GoalCheck = z.infer<typeof goalCheckSchema>;
/** A check of the end of the run: a state check or a WAL check (everything but always/eventually). */
export type EndCheck = Exclude<GoalCheck, { kind: (typeof HISTORY_KINDS)[number] }>;
/** What authors write (fields with defaults may be left out). */
export type GoalCheckInput = z.input<typeof goalCheckSchema>;
export type Goal = z.infer<typeof goalSchema>;
export type GoalKind = GoalCheck['kind'];

/** A result's explanation in both languages: what was expected and what was found. */
export interface Explanation {
  ko: string;
  en: string;
}
