'use client';
// The etcd keyspace as a tree of keys (folders at each '/', the way the API server names
// /registry/<resource>/<namespace>/<name>); selecting a key shows its value — pretty
// JSON when it is a JSON document, which is lesson 1's point: Kubernetes objects are
// JSON in etcd — with etcd's revisions for it. The learner may read any member's copy.
import { memo, useId, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { KeyspaceView, MemberView } from '@/app/_lib/sim-worker/protocol';
import { buildKeyTree, isCollapsed, toggleFolder, type FolderChoices, type KeyTreeNode } from './keyspace-tree';
import styles from './sim.module.css';

interface TreeProps {
  nodes: readonly KeyTreeNode[];
  /** whether the folder of this prefix is folded */
  collapsed: (prefix: string) => boolean;
  selected: string | undefined;
  onToggle: (prefix: string) => void;
  onSelect: (key: string) => void;
}

function KeyTree({ nodes, collapsed, selected, onToggle, onSelect }: TreeProps) {
  const t = useTranslations('sim.keyspace');
  return (
    <ul className={styles.tree}>
      {nodes.map((n) =>
        n.kind === 'folder' ? (
          <li key={`f:${n.prefix}`}>
            <button type="button" className={styles.folder} aria-expanded={!collapsed(n.prefix)} onClick={() => onToggle(n.prefix)} title={n.prefix}>
              <span aria-hidden="true">{collapsed(n.prefix) ? '▸' : '▾'}</span> {t('folder', { name: n.name, count: n.count })}
            </button>
            {collapsed(n.prefix) ? null : <KeyTree {...{ nodes: n.children, collapsed, selected, onToggle, onSelect }} />}
          </li>
        ) : (
          <li key={`k:${n.key}`}>
            <button type="button" className={styles.keyButton} aria-pressed={selected === n.key} onClick={() => onSelect(n.key)} title={n.key}>
              {n.name === '' ? n.key : n.name}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}

function KeyspaceBrowserImpl(props: {
  keyspace: KeyspaceView | undefined;
  members: readonly MemberView[];
  source: string | undefined;
  onSource: (member: string | undefined) => void;
  /** resource folders that start open besides the learner's kinds (a lab's: resourcesReadBy its goals) */
  alsoOpen?: ReadonlySet<string>;
}) {
  const { keyspace, members, source, onSource, alsoOpen } = props;
  const t = useTranslations('sim.keyspace');
  const titleId = useId();
  const selectId = useId();
  // what the learner opened or folded; the rest as collapsedByDefault says (keyspace-tree.ts)
  const [choices, setChoices] = useState<FolderChoices>(() => new Map());
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const keys = keyspace?.keys;
  const tree = useMemo(() => buildKeyTree((keys ?? []).map((k) => k.key)), [keys]);
  const chosen = selected === undefined ? undefined : keys?.find((k) => k.key === selected);
  const toggle = (prefix: string) => setChoices((c) => toggleFolder(c, prefix, alsoOpen));
  const collapsed = (prefix: string) => isCollapsed(choices, prefix, alsoOpen);
  return (
    <section className={`${styles.panel} ${styles.keyspace}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h3>
      <div className={styles.keyspaceHead}>
        <p className={styles.muted}>{keyspace ? t('summary', { revision: keyspace.revision, member: keyspace.source || '—' }) : null}</p>
        <label htmlFor={selectId} className={styles.inlineLabel}>
          {t('readFrom')}
        </label>
        <select id={selectId} value={source ?? ''} onChange={(e) => onSource(e.target.value === '' ? undefined : e.target.value)}>
          <option value="">{t('theLeader')}</option>
          {members.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      {tree.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <div className={styles.keyspaceBody}>
          <nav aria-label={t('keys')} className={styles.treeBox}>
            <KeyTree nodes={tree} collapsed={collapsed} selected={selected} onToggle={toggle} onSelect={setSelected} />
          </nav>
          <div className={styles.keyDetail}>
            {selected === undefined ? (
              <p className={styles.muted}>{t('choose')}</p>
            ) : chosen === undefined ? (
              <p>{t('deleted', { key: selected })}</p>
            ) : (
              <>
                <h4 className={styles.keyName}>{chosen.key}</h4>
                <dl className={styles.revisions}>
                  <div>
                    <dt>{t('createRevision')}</dt>
                    <dd>{chosen.createRevision}</dd>
                  </div>
                  <div>
                    <dt>{t('modRevision')}</dt>
                    <dd>{chosen.modRevision}</dd>
                  </div>
                  <div>
                    <dt>{t('version')}</dt>
                    <dd>{chosen.version}</dd>
                  </div>
                  <div>
                    <dt>{t('lease')}</dt>
                    <dd>{chosen.lease === '0' ? t('noLease') : BigInt(chosen.lease).toString(16)}</dd>
                  </div>
                </dl>
                <p className={styles.valueLabel}>{chosen.json !== undefined ? t('jsonValue') : t('value')}</p>
                <pre className={styles.value} tabIndex={0}>
                  {chosen.json ?? chosen.value}
                </pre>
                {chosen.truncated ? <p className={styles.muted}>{t('truncated', { count: chosen.value.length })}</p> : null}
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

export const KeyspaceBrowser = memo(KeyspaceBrowserImpl);
