import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const PASSWORD = 'correct horse battery staple';
const CSRF_TOKEN = 'csrf-token-of-the-session';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A small HTTP server that authenticates as the gateway's console does, for the SDK's cookie mode:
 * POST /api/console/v1/session sets an HttpOnly session cookie and answers the session with its CSRF
 * token; every other route wants the cookie (401 not_signed_in without it) and, on unsafe methods,
 * the token in X-CSRF-Token (403 csrf_check_failed). A few routes answer the error shapes the SDK
 * reads (validation problems, Retry-After). Everything it is sent is recorded in `seen`.
 */
export class SessionServer {
  readonly seen: SeenRequest[] = [];
  readonly password = PASSWORD;
  readonly csrfToken = CSRF_TOKEN;
  private readonly sessions = new Set<string>();
  private nextSession = 1;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<SessionServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const instance = new SessionServer(server, `http://127.0.0.1:${port}`);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void instance.handle(req, res));
    return instance;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Ends every session, as a sign-out in another tab or an expiry would. */
  endAllSessions(): void {
    this.sessions.clear();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    this.seen.push({ method, url, headers: req.headers, body });
    const path = url.split('?')[0];
    const send = (status: number, answer?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'x-service-request-id': `req-${this.seen.length}`,
        ...(answer === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      });
      res.end(answer === undefined ? undefined : JSON.stringify(answer));
    };
    const error = (status: number, code: string, details?: Record<string, unknown>, headers?: Record<string, string>) =>
      send(status, { error: { code, message: `${code} (test server)`, request_id: `req-${this.seen.length}`, details } }, headers);

    if (method === 'POST' && path === '/api/console/v1/session') {
      const { email, password } = body as { email: string; password: string };
      if (email === 'locked@example.com') return error(429, 'account_locked', undefined, { 'retry-after': '42' });
      if (password !== PASSWORD) return error(401, 'invalid_credentials');
      const id = `s${this.nextSession++}`;
      this.sessions.add(id);
      return send(200, this.session(email), { 'set-cookie': `gw_session=${id}; Path=/; HttpOnly; SameSite=Strict` });
    }
    const cookie = /(?:^|;\s*)gw_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (!cookie || !this.sessions.has(cookie)) return error(401, 'not_signed_in');
    if (UNSAFE.has(method) && req.headers['x-csrf-token'] !== CSRF_TOKEN) return error(403, 'csrf_check_failed');

    if (path === '/api/console/v1/session') {
      if (method === 'GET') return send(200, this.session('ada@example.com'));
      this.sessions.delete(cookie);
      return send(204, undefined, { 'set-cookie': 'gw_session=; Path=/; Max-Age=0' });
    }
    if (method === 'POST' && path === '/api/reseller/v1/customers') {
      const { name } = body as { name?: string };
      if (!name) return error(400, 'invalid_request', { problems: ['name should not be empty'] });
      return send(201, { id: 'c1', name });
    }
    if (method === 'GET' && path === '/api/reseller/v1/customers') return send(200, { data: [], next_cursor: null });
    return error(404, 'route_not_found');
  }

  private session(email: string) {
    return { user: { id: 'u1', email, role: 'owner' }, tenant: null, plan: null, csrf_token: CSRF_TOKEN };
  }
}

/**
 * The real fetch, with what a browser adds on its own: a cookie jar for the server's origin (Node's
 * fetch keeps no cookies). It records the credentials mode each request asked for, which only a
 * browser acts on.
 */
export function browserFetch(): ((url: string, init: RequestInit) => Promise<Response>) & {
  credentials: Array<RequestInit['credentials']>;
} {
  let cookie: string | null = null;
  const credentials: Array<RequestInit['credentials']> = [];
  const fetchWithCookies = async (url: string, init: RequestInit): Promise<Response> => {
    credentials.push(init.credentials);
    const headers = new Headers(init.headers);
    if (cookie && init.credentials !== 'omit') headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (set) {
      const [pair] = set.split(';');
      cookie = /=$/.test(pair) ? null : pair;
    }
    return response;
  };
  return Object.assign(fetchWithCookies, { credentials });
}
