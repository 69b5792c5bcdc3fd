// kubectl 1.32's messages for manifests it cannot use (captured from /usr/bin/kubectl:
// `kubectl create -f bad.yaml --dry-run=client`). Every message is the whole line kubectl
// prints, starting with `error: `.

export function parseError(source: string, detail: string): string {
  return `error: error parsing ${source}: ${detail}`;
}

/** A YAML syntax error as go-yaml reports it through sigs.k8s.io/yaml. */
export function yamlError(source: string, line: number | undefined, message: string): string {
  const where = line === undefined ? '' : `line ${line}: `;
  return parseError(source, `error converting YAML to JSON: yaml: ${where}${message}`);
}

const VALIDATE_HINT = 'if you choose to ignore these errors, turn validation off with --validate=false';

/** kubectl's client-side schema check (`[apiVersion not set, kind not set]`). */
export function validationError(source: string, problems: readonly string[]): string {
  const detail = problems.length === 1 ? problems[0] : `[${problems.join(', ')}]`;
  return `error: error validating "${source}": error validating data: ${detail}; ${VALIDATE_HINT}`;
}

/** The API server's 413 for a body over --max-request-body-bytes. */
export function tooLargeError(source: string, limit: number): string {
  return `Error from server (RequestEntityTooLarge): error when creating "${source}": Request entity too large: limit is ${limit}`;
}

export function noObjectsError(): string {
  return 'error: no objects passed to create';
}
