// The kinds the simulated API server serves: zod schemas (the single source of truth),
// defaulting and validation as the real API server does them, the registry of resources
// and etcd keys, JSON Schema for the lab editor, quantities, and kubectl's client-side
// `create deployment` generator and -o json|yaml printers.
export type { KindDefinition } from './kindDefinition';
export { etcdKey, gvkKey } from './kindDefinition';
export { KINDS, kindFor, kindForResource, kindOfResource, qualifiedSingular } from './registry';
export { decodeObject, dropNulls, type DecodeResult } from './decode';
export { canonicalStatusQuantities } from './canonicalQuantities';
export { admitForCreate, decodeForCreate, validateDecoded, type AdmitResult } from './admit';
export { kubectlErrorText } from './kubectlErrors';
export { jsonSchemaFor, manifestJsonSchema, type JsonSchema } from './jsonSchema';
export {
  type FieldError,
  type FieldErrorType,
  errorBody,
  formatFieldError,
  formatInvalid,
  goQuote,
  invalidMessage,
  statusCauses,
  invalid as invalidFieldError,
  badValueOf,
} from './fieldErrors';
export {
  parseQuantity,
  canonicalQuantity,
  compareQuantities,
  sumMilli,
  formatMilli,
  QUANTITY_FORMAT_ERROR,
  type Quantity,
  type QuantityResult,
} from './quantity';
export { selectorMatches, isEmptySelector, selectorString, type LabelSelector } from './labelSelector';
export { isConfigMapKey } from './configData';
export { decodeBase64, encodeBase64 } from './base64';
export { isDNS1123Subdomain, isValidPortName } from './nameRules';
export { aliasServiceAccount, defaultImagePullPolicy, DEFAULT_TOLERATION_SECONDS } from './podDefaults';
export { MIRROR_POD_ANNOTATION, qosClass, type Pod, type PodStatus, type ContainerStatus } from './pod';
export type { Container, PodSpec, PodTemplateSpec, Toleration, Probe } from './podSpec';
export type { ObjectMeta, OwnerReference } from './objectMeta';
export type { Deployment, DeploymentSpec, DeploymentStatus } from './deployment';
export type { ReplicaSet, ReplicaSetStatus } from './replicaSet';
export type { Service, ServicePort } from './service';
export { externallyAccessible, needsHealthCheck, requestedClusterIPs } from './service';
export type { Endpoints, EndpointSubset } from './endpoints';
export type { EndpointSlice, EndpointSliceEndpoint, EndpointSlicePort } from './endpointSlice';
export type { ConfigMap } from './configMap';
export type { Secret } from './secret';
export type { ServiceAccount } from './serviceAccount';
export type { Lease, LeaseSpec } from './lease';
export { EVENT_TTL_SECONDS, type Event } from './event';
export type { Role, RoleBinding, ClusterRole, ClusterRoleBinding, PolicyRule, Subject } from './rbac';
export type { Namespace } from './namespace';
export { namespaceSpecFinalizers } from './namespace';
export type { Node, NodeStatus, Taint } from './node';
export {
  createDeployment,
  containerNameForImage,
  RANDOM_SUFFIX_ALPHABET,
  type CreateDeploymentOptions,
  type GeneratorResult,
} from './generators';
export { printJson, printYaml, inGoFieldOrder, compactJson, goJsonEscape } from './printer';
