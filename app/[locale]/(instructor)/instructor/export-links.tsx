// Download links for CSV datasets (GET /api/instructor/export/<dataset>.csv), in the
// page's language. Plain <a download>: a file, not a page navigation.
import { getTranslations } from 'next-intl/server';
import type { ExportDataset } from '@/app/_lib/instructor/exports';
import type { Locale } from '@/app/_lib/i18n/routing';
import styles from './dashboard.module.css';

export function exportHref(dataset: ExportDataset, locale: Locale): string {
  return `/api/instructor/export/${dataset}.csv?locale=${locale}`;
}

export async function ExportLinks({ datasets, locale }: { datasets: readonly ExportDataset[]; locale: Locale }) {
  const t = await getTranslations('instructor.export');
  return (
    <ul className={styles.downloads}>
      {datasets.map((d) => (
        <li key={d}>
          <a className="button secondary small" href={exportHref(d, locale)} download>
            {t('download', { dataset: t(`datasets.${d}`) })}
          </a>
        </li>
      ))}
    </ul>
  );
}
