// For load balancers: 200 when the database answers, 503 otherwise. Never cached.
import { pingDatabase } from '@/app/_lib/db';

export const dynamic = 'force-dynamic';

export async function GET() {
  const database = await pingDatabase();
  return Response.json(
    { status: database ? 'ok' : 'unavailable', database: database ? 'ok' : 'unreachable' },
    { status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
