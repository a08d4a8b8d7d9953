import { PublicationListResponse } from '@/lib/api/contracts/publications';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { listPublications as definition } from '@/lib/api/routes/list-publications';
import { getDb } from '@/lib/db/client';
import { listPublications } from '@/lib/publications/list';

export const dynamic = 'force-dynamic';

export const GET = handle(definition, async () =>
  jsonResponse(PublicationListResponse, { publications: await listPublications(await getDb()) }),
);
