// Manifest decoding: YAML/JSON text from a learner → plain objects, safely.
export { decodeManifests, parseDocuments, type DocumentsProblem, type ManifestResult } from './decodeManifests';
export {
  MAX_ALIAS_COUNT,
  MAX_DEPTH,
  MAX_DOCUMENTS,
  MAX_MANIFEST_BYTES,
  MAX_NODES,
  FORBIDDEN_KEYS,
} from './limits';
