// `kubectl get` for the small kinds (printers.go, Kubernetes 1.32): namespaces (STATUS is
// the phase), configmaps (DATA counts data and binaryData), secrets (TYPE, DATA),
// serviceaccounts (SECRETS counts .secrets), leases (HOLDER), roles (CREATED AT, RFC 3339,
// not an age), rolebindings (ROLE as Kind/name; wide: USERS, GROUPS, SERVICEACCOUNTS).
import type { ConfigMap, Lease, Namespace, Role, RoleBinding, Secret, ServiceAccount } from '../../../apiserver';
import { timestampSince } from '../duration';
import { AGE, NAME, type TablePrinter } from './table';

const count = (m: Record<string, unknown> | undefined | null): number => Object.keys(m ?? {}).length;

export const namespacePrinter: TablePrinter<Namespace> = {
  columns: [NAME, { name: 'Status' }, AGE],
  row: (ns, ctx) => [ns.metadata?.name ?? '', ns.status?.phase ?? '', timestampSince(ns.metadata?.creationTimestamp, ctx.now)],
};

export const configMapPrinter: TablePrinter<ConfigMap> = {
  columns: [NAME, { name: 'Data' }, AGE],
  row: (cm, ctx) => [
    cm.metadata?.name ?? '',
    String(count(cm.data) + count(cm.binaryData)),
    timestampSince(cm.metadata?.creationTimestamp, ctx.now),
  ],
};

export const secretPrinter: TablePrinter<Secret> = {
  columns: [NAME, { name: 'Type' }, { name: 'Data' }, AGE],
  row: (s, ctx) => [
    s.metadata?.name ?? '',
    s.type ?? '',
    String(count(s.data)),
    timestampSince(s.metadata?.creationTimestamp, ctx.now),
  ],
};

export const serviceAccountPrinter: TablePrinter<ServiceAccount> = {
  columns: [NAME, { name: 'Secrets' }, AGE],
  row: (sa, ctx) => [
    sa.metadata?.name ?? '',
    String((sa.secrets ?? []).length),
    timestampSince(sa.metadata?.creationTimestamp, ctx.now),
  ],
};

export const leasePrinter: TablePrinter<Lease> = {
  columns: [NAME, { name: 'Holder' }, AGE],
  row: (l, ctx) => [l.metadata?.name ?? '', l.spec?.holderIdentity ?? '', timestampSince(l.metadata?.creationTimestamp, ctx.now)],
};

export const rolePrinter: TablePrinter<Role> = {
  columns: [NAME, { name: 'Created At' }],
  // obj.CreationTimestamp.Time.UTC().Format(time.RFC3339): the stored text already is that.
  row: (r) => [r.metadata?.name ?? '', r.metadata?.creationTimestamp ?? '0001-01-01T00:00:00Z'],
};

export const roleBindingPrinter: TablePrinter<RoleBinding> = {
  columns: [
    NAME,
    { name: 'Role' },
    AGE,
    { name: 'Users', wide: true },
    { name: 'Groups', wide: true },
    { name: 'ServiceAccounts', wide: true },
  ],
  row(rb, ctx) {
    // rbac.SubjectsStrings: users and groups by name, service accounts as namespace:name
    const subjects = rb.subjects ?? [];
    const of = (kind: string): string[] => subjects.filter((s) => s.kind === kind).map((s) => s.name ?? '');
    const sas = subjects.filter((s) => s.kind === 'ServiceAccount').map((s) => `${s.namespace ?? ''}:${s.name ?? ''}`);
    return [
      rb.metadata?.name ?? '',
      `${rb.roleRef?.kind ?? ''}/${rb.roleRef?.name ?? ''}`,
      timestampSince(rb.metadata?.creationTimestamp, ctx.now),
      of('User').join(', '),
      of('Group').join(', '),
      sas.join(', '),
    ];
  },
};
