// The namespace deleter's status conditions (kubernetes/kubernetes pkg/controller/namespace/
// deletion/status_condition_utils.go, Kubernetes 1.32): after each pass over the content the
// five condition types it maintains are written, each True with the failure it saw or False
// with its "ok" reason and message. A condition's lastTransitionTime moves only when its
// status changes.

/** core/v1 NamespaceCondition, fields in the Go struct's order. */
export interface NamespaceCondition {
  type: string;
  status: 'True' | 'False';
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** conditionTypes: the order they are added in. */
export const NAMESPACE_DELETION_CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

export type NamespaceDeletionConditionType = (typeof NAMESPACE_DELETION_CONDITION_TYPES)[number];

const OK: Record<NamespaceDeletionConditionType, { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  NamespaceDeletionGroupVersionParsingFailure: { reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  NamespaceDeletionContentFailure: { reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  NamespaceContentRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: { reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
};

/** What one pass over the content left behind (allGVRDeletionMetadata). */
export interface ContentTotals {
  /** `<resource>.<group>` → instances left (the group is empty for the core group: `pods.`) */
  remainingByResource: ReadonlyMap<string, number>;
  /** finalizer → instances it holds */
  remainingByFinalizer: ReadonlyMap<string, number>;
}

/** namespaceConditionUpdater: the failures of one pass, turned into conditions by `update`. */
export class NamespaceConditionUpdater {
  private readonly failures: NamespaceCondition[] = [];
  private readonly deleteContentErrors: string[] = [];

  constructor(private readonly now: () => string) {}

  /** ProcessDiscoverResourcesErr */
  discoveryFailed(message: string): void {
    this.failures.push(this.failure('NamespaceDeletionDiscoveryFailure', 'DiscoveryFailed', message));
  }

  /** ProcessGroupVersionErr */
  groupVersionParsingFailed(message: string): void {
    this.failures.push(this.failure('NamespaceDeletionGroupVersionParsingFailure', 'GroupVersionParsingFailed', message));
  }

  /** ProcessDeleteContentErr */
  deleteContentFailed(message: string): void {
    this.deleteContentErrors.push(message);
  }

  /** ProcessContentTotals: the resources and finalizers still in the namespace, sorted for stable updates. */
  contentTotals(totals: ContentTotals): void {
    const resources = [...totals.remainingByResource].filter(([, n]) => n > 0).map(([gr, n]) => `${gr} has ${n} resource instances`);
    if (totals.remainingByResource.size > 0) {
      this.failures.push(this.failure('NamespaceContentRemaining', 'SomeResourcesRemain', `Some resources are remaining: ${sortedText(resources)}`));
    }
    const finalizers = [...totals.remainingByFinalizer].filter(([, n]) => n > 0).map(([f, n]) => `${f} in ${n} resource instances`);
    if (totals.remainingByFinalizer.size > 0) {
      this.failures.push(this.failure('NamespaceFinalizersRemaining', 'SomeFinalizersRemain', `Some content in the namespace has finalizers remaining: ${sortedText(finalizers)}`));
    }
  }

  /**
   * Update: the namespace's conditions (changed in place) after this pass; true when
   * anything changed and the status must be written.
   */
  update(conditions: NamespaceCondition[]): boolean {
    if (this.deleteContentErrors.length > 0 && !this.failures.some((c) => c.type === 'NamespaceDeletionContentFailure')) {
      const n = this.deleteContentErrors.length;
      this.failures.push(this.failure('NamespaceDeletionContentFailure', 'ContentDeletionFailed', `Failed to delete all resource types, ${n} remaining: ${sortedText(this.deleteContentErrors)}`));
    }
    let changed = false;
    for (const type of NAMESPACE_DELETION_CONDITION_TYPES) {
      const wanted = this.failures.find((c) => c.type === type) ?? { type, status: 'False', lastTransitionTime: this.now(), ...OK[type] };
      const old = conditions.find((c) => c.type === type);
      if (old === undefined) {
        conditions.push(wanted);
        changed = true;
      } else if (old.status !== wanted.status || old.message !== wanted.message || old.reason !== wanted.reason) {
        if (old.status !== wanted.status) old.lastTransitionTime = this.now();
        old.status = wanted.status;
        old.reason = wanted.reason;
        old.message = wanted.message;
        changed = true;
      }
    }
    return changed;
  }

  private failure(type: NamespaceDeletionConditionType, reason: string, message: string): NamespaceCondition {
    return { type, status: 'True', lastTransitionTime: this.now(), reason, message };
  }
}

/** sort.Strings, then joined with ", " (Go sorts by bytes, as a plain comparison does). */
function sortedText(items: readonly string[]): string {
  return [...items].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(', ');
}
