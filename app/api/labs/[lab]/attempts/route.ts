// POST /api/labs/<lab>/attempts: the server's grading of a lab attempt (issue 6 "Grading
// by the server"). The logic is app/_lib/grading/attempts (handleAttempt); this file
// only wires the request, the session, the content, the pool and the messages.
import { getTranslations } from 'next-intl/server';
import { clientIp, getCurrentUser } from '@/app/_lib/auth/session';
import { consumeRateLimit } from '@/app/_lib/auth/rate-limit';
import { db } from '@/app/_lib/db';
import { gradingPool, jobLabOf } from '@/app/_lib/grading';
import { handleAttempt, localeOfRequest, type ErrorCode } from '@/app/_lib/grading/attempts';
import { locales, routing } from '@/app/_lib/i18n/routing';
import { getContent } from '@/app/_lib/queries/content';
import { DEFAULT_GRADE_CAPS, type RefusalReason } from '@/sim-core/grading/caps';
import { SIM_CORE_VERSION } from '@/sim-core';

/** The numbers a refused log's sentence names: the caps grading replayed it with. */
const CAP_VALUES = {
  minutes: Math.floor(DEFAULT_GRADE_CAPS.maxTicks / 100 / 60),
  maxActions: DEFAULT_GRADE_CAPS.maxActions,
  maxCommands: DEFAULT_GRADE_CAPS.maxCommands,
  megabytes: Math.floor(DEFAULT_GRADE_CAPS.maxOutputBytes / (1024 * 1024)),
};

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ lab: string }> }) {
  const { lab: labId } = await params;
  const locale = localeOfRequest(request.url, request.headers.get('referer'), locales, routing.defaultLocale);
  const t = await getTranslations({ locale, namespace: 'labAttempts.api' });
  const response = await handleAttempt(
    {
      db,
      lab: (id) => {
        const loaded = getContent().content.labs.get(id);
        return loaded ? jobLabOf(loaded) : undefined;
      },
      grade: (lab, actionLog) => gradingPool().run({ kind: 'grade', lab, actionLog }),
      rateLimit: consumeRateLimit,
      simVersion: SIM_CORE_VERSION,
      // a refused log is told by the cap it broke, in the learner's language; the grader's English stays in the log
      message: (code: ErrorCode, detail?: string, reason?: RefusalReason) => (code === 'log-refused' ? t(`refused.${reason ?? 'invalid'}`, CAP_VALUES) : t(code, { detail: detail ?? '' })),
      logRefusal: (lab, reason, detail) => console.warn(`lab attempt refused: lab ${lab}, ${reason}: ${detail}`),
    },
    { request, labId, user: await getCurrentUser(), ip: await clientIp(), locale },
  );
  return Response.json(response.body, { status: response.status, headers: { 'Cache-Control': 'no-store', ...response.headers } });
}
