import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startLoopbackServer } from './loopback-server';

export interface GithubProfile {
  id: number;
  login: string;
  name: string;
  email: string;
}

/**
 * A loopback GitHub OAuth app host speaking GitHub's web flow: /login/oauth/authorize approves at once (as if the
 * person clicked Authorize) and sends the browser back with a code, /login/oauth/access_token trades the code for a
 * token once (client id and secret checked, Basic or form), and /user answers the profile for that token.
 */
export async function startFakeGithub(profile: GithubProfile) {
  const clientId = `Iv1.${randomBytes(8).toString('hex')}`;
  const clientSecret = randomBytes(20).toString('hex');
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };
  const server = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/login/oauth/authorize') {
      if (url.searchParams.get('client_id') !== clientId) return json(400, { error: 'unknown client' });
      const code = randomBytes(10).toString('hex');
      codes.set(code, url.searchParams.get('redirect_uri') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      void read(req).then((form) => {
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [id, secret] = basic
          ? basic.split(':').map(decodeURIComponent)
          : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return json(401, { error: 'incorrect_client_credentials' });
        const code = form.get('code') ?? '';
        if (!codes.has(code) || codes.get(code) !== form.get('redirect_uri'))
          return json(400, { error: 'bad_verification_code' });
        codes.delete(code);
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.add(token);
        json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    if (url.pathname === '/user') {
      const token = (req.headers.authorization ?? '').replace(/^(Bearer|token) /i, '');
      if (!tokens.has(token)) return json(401, { message: 'Bad credentials' });
      return json(200, { ...profile, avatar_url: null });
    }
    json(404, { message: 'Not Found' });
  });
  return { url: server.origin, clientId, clientSecret, requests: server.requests, close: server.close };
}
