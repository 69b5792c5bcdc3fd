// The top of a dashboard page: its title and lead, the links between the pages, and —
// where the page's figures can be downloaded — its CSV links.
import type { ExportDataset } from '@/app/_lib/instructor/exports';
import type { Locale } from '@/app/_lib/i18n/routing';
import { DashboardNav, type DashboardPage } from './dashboard-nav';
import { ExportLinks } from './export-links';

export function DashboardHeader({
  title,
  lead,
  current,
  isAdmin,
  exports,
  locale,
}: {
  title: string;
  lead?: string;
  current: DashboardPage;
  isAdmin: boolean;
  exports?: readonly ExportDataset[];
  locale: Locale;
}) {
  return (
    <>
      <h1>{title}</h1>
      {lead === undefined ? null : <p className="lead">{lead}</p>}
      <DashboardNav current={current} isAdmin={isAdmin} />
      {exports === undefined ? null : <ExportLinks datasets={exports} locale={locale} />}
    </>
  );
}
