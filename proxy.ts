import { NextResponse, type NextRequest } from 'next/server';

/**
 * Next.js decodes path segments before a route runs and answers a malformed escape such as "%ZZ" with a bare 500.
 * Catch it first and say what is wrong: the API in its error shape, pages as plain text.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  try {
    decodeURIComponent(pathname);
    return NextResponse.next();
  } catch {
    if (pathname.startsWith('/api/')) {
      return NextResponse.json(
        { error: 'Invalid path', issues: { path: ['contains malformed percent-encoding'] } },
        { status: 400 },
      );
    }
    return new NextResponse('Bad request: the URL path contains malformed percent-encoding.', { status: 400 });
  }
}

export const config = { matcher: ['/api/:path*', '/publications/:path*', '/avatars/:path*'] };
