'use client';
// Lazy entry point of the workspace: next/dynamic with ssr:false keeps the workspace, its
// Web Worker (sim-core) and Monaco out of the lab page's first-load JS; a placeholder of
// its size holds the layout meanwhile. It also reads the work saved in this browser,
// which exists only on the client.
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { LabWorkspaceProps } from './types';
import styles from './lab.module.css';

function WorkspacePlaceholder() {
  const t = useTranslations('lab');
  return (
    <div className={styles.placeholder} aria-busy="true">
      <p>{t('loading')}</p>
    </div>
  );
}

const LabWorkspace = dynamic(() => import('./lab-workspace').then((m) => m.LabWorkspace), {
  ssr: false,
  loading: () => <WorkspacePlaceholder />,
});

export function LabWorkspaceEmbed(props: LabWorkspaceProps) {
  return <LabWorkspace {...props} />;
}
