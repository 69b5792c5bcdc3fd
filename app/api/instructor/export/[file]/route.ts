// GET /api/instructor/export/<dataset>.csv[?locale=ko|en]: the dashboard's figures as CSV
// for a spreadsheet (datasets: app/_lib/instructor/exports.ts EXPORT_DATASETS). Role-gated
// here, where the data is read: 401 signed out, 403 for a learner, 404 for an unknown
// dataset, each with a JSON { error } the user can act on. The file is UTF-8 with a BOM,
// RFC 4180, formula cells defused (app/_lib/instructor/csv.ts).
import { getTranslations } from 'next-intl/server';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { hasRole } from '@/app/_lib/auth/roles';
import { CSV_MIME } from '@/app/_lib/instructor/csv';
import { datasetOfFileName } from '@/app/_lib/instructor/exports';
import { isLocale, routing, type Locale } from '@/app/_lib/i18n/routing';
import { exportCsv } from '@/app/_lib/queries/instructor';

export const dynamic = 'force-dynamic';

function refuse(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const asked = new URL(request.url).searchParams.get('locale') ?? '';
  const locale: Locale = isLocale(asked) ? asked : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'instructor.export' });
  const user = await getCurrentUser();
  if (!user) return refuse(401, t('signedOut'));
  if (!hasRole(user, 'instructor')) return refuse(403, t('forbidden'));
  const dataset = datasetOfFileName(file);
  if (!dataset) return refuse(404, t('unknown', { file }));
  const tq = await getTranslations({ locale, namespace: 'instructor.questions' });
  const csv = await exportCsv(dataset, locale, { true: tq('true'), false: tq('false') });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': CSV_MIME,
      'Content-Disposition': `attachment; filename="reconcile-${dataset}-${locale}-${day}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
