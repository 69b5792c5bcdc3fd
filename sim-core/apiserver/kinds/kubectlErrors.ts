// How kubectl 1.32 prints an API server refusal of a manifest object
// (kubectl pkg/cmd/util/helpers.go checkErr, AddSourceToErr):
// - 422 Invalid: the causes, `The Deployment "web" is invalid: …` (no file name);
// - 400 BadRequest: `Error from server (BadRequest): error when creating "web.yaml": …`;
// - an unknown kind fails kubectl's REST mapping before any request is sent.
import type { AdmitResult } from './admit';

type Refusal = Exclude<AdmitResult, { ok: true }>;

export function kubectlErrorText(
  refusal: Refusal,
  verb: 'creating' | 'applying' | 'replacing',
  source: string,
  object: { name?: string; namespace?: string },
): string {
  switch (refusal.code) {
    case 422:
      return refusal.message;
    case 400:
      return `Error from server (BadRequest): error when ${verb} "${source}": ${refusal.message}`;
    case 404:
      return (
        `error: resource mapping not found for name: "${object.name ?? ''}" namespace: "${object.namespace ?? ''}" ` +
        `from "${source}": ${refusal.message}\nensure CRDs are installed first`
      );
  }
}
