import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { apiRoute } from '@/lib/api/handler';
import { authOptions } from '@/lib/auth/options';
import { limitAccountAction } from '@/lib/rate-limits/account-limit';
import { clientIp } from '@/lib/rate-limits/client-ip';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth reads Next's own request (nextUrl); route handlers are given one, apiRoute only types it as a Request.
async function auth(request: Request, context: Context): Promise<Response> {
  return NextAuth(request as NextRequest, context, await authOptions());
}

export const GET = apiRoute(auth);
// Sign-in attempts (and sign-outs) are limited per client address before next-auth sees them.
export const POST = apiRoute(async (request: Request, context: Context) => {
  await limitAccountAction(`ip:${clientIp(request)}`);
  return auth(request, context);
});
