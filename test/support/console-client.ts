import { randomUUID } from 'node:crypto';
import type { GatewayHarness } from './gateway-harness';

/** What a browser would send besides the cookie; each may be turned off or changed to test the checks. */
export interface BrowserRequestOptions {
  /** Send the session's CSRF token in X-CSRF-Token (default true on POST/PUT/PATCH/DELETE). */
  csrf?: boolean | string;
  /** The Origin header; default the gateway's own origin on unsafe methods, null: none. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** Leave the body unparsed (`body` undefined, `text` holds it): a CSV export. */
  text?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the specs assert JSON bodies with expect(), as in GatewayHarness.admin()
export type JsonAnswer<T = any> = { status: number; body: T; headers: Headers; text: string };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser signed in to the console (or not yet): keeps the `gw_session` cookie as a browser would,
 * remembers the CSRF token of the last session answer, and sends both with every request to any of
 * the gateway's APIs.
 */
export class ConsoleBrowser {
  cookie: string | null = null;
  csrfToken: string | null = null;

  constructor(private readonly gw: GatewayHarness) {}

  /** A new tenant and its owner, signed in (POST /api/console/v1/signup). */
  static async signUp(
    gw: GatewayHarness,
    fields: Partial<{ email: string; password: string; name: string; organization: string; kind: string; plan_id: string }> = {},
  ): Promise<ConsoleBrowser & { email: string; password: string; tenantId: string; userId: string }> {
    const browser = new ConsoleBrowser(gw);
    const email = fields.email ?? `owner-${randomUUID()}@example.com`;
    const password = fields.password ?? 'correct horse battery staple';
    const res = await browser.console('POST', '/signup', {
      email,
      password,
      name: 'Ada Owner',
      organization: `Org ${randomUUID()}`,
      kind: 'reseller',
      ...fields,
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    const session = res.body as { tenant: { id: string }; user: { id: string } };
    return Object.assign(browser, { email, password, tenantId: session.tenant.id, userId: session.user.id });
  }

  /** Signs in (POST /api/console/v1/session) and returns the answer. */
  signIn(email: string, password: string, options: BrowserRequestOptions = {}): Promise<JsonAnswer> {
    return this.console('POST', '/session', { email, password }, options);
  }

  console(method: string, path: string, body?: unknown, options?: BrowserRequestOptions): Promise<JsonAnswer> {
    return this.request(method, `/api/console/v1${path}`, body, options);
  }

  reseller(method: string, path: string, body?: unknown, options?: BrowserRequestOptions): Promise<JsonAnswer> {
    return this.request(method, `/api/reseller/v1${path}`, body, options);
  }

  admin(method: string, path: string, body?: unknown, options?: BrowserRequestOptions): Promise<JsonAnswer> {
    return this.request(method, `/api/admin/v1${path}`, body, options);
  }

  /** A copy with the same cookie and token (another tab of the same browser). */
  clone(): ConsoleBrowser {
    return Object.assign(new ConsoleBrowser(this.gw), { cookie: this.cookie, csrfToken: this.csrfToken });
  }

  async request(method: string, path: string, body?: unknown, options: BrowserRequestOptions = {}): Promise<JsonAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (UNSAFE.has(method)) {
      const origin = options.origin === undefined ? this.gw.url : options.origin;
      if (origin !== null) headers.origin = origin;
      const csrf = options.csrf ?? true;
      if (typeof csrf === 'string') headers['x-csrf-token'] = csrf;
      else if (csrf && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    }
    const res = await fetch(`${this.gw.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.keepCookie(res);
    const text = await res.text();
    const parsed = (text && !options.text ? JSON.parse(text) : undefined) as { csrf_token?: unknown } | undefined;
    if (typeof parsed?.csrf_token === 'string') this.csrfToken = parsed.csrf_token;
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  /** As a browser does: a Set-Cookie of gw_session replaces the cookie, an expired one removes it. */
  private keepCookie(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      if (!pair.startsWith('gw_session=')) continue;
      const expired = attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()) || pair === 'gw_session=';
      this.cookie = expired ? null : pair;
    }
  }
}
