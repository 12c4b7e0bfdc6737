import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { randomBytes } from 'node:crypto';
import { GatewayError } from '../common/errors/error-catalog';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { sessionCookieMustBeSecure } from './secure-cookie';
import { loadOrCreateSessionSecret } from './session-secret.file';

/** The session cookie's name. */
export const SESSION_COOKIE = 'gw_session';

/** A Cookie header that holds the session cookie (as a whole name, not the end of another). */
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/** The table connect-pg-simple writes (created by the migration, never by the library). */
const SESSION_TABLE = 'console_sessions';

/** How often each process deletes expired session rows (connect-pg-simple spreads it ±50 %). */
const PRUNE_INTERVAL_SECONDS = 15 * 60;

declare module 'express-session' {
  interface SessionData {
    /** The signed-in user. */
    userId: string;
    /** The session's CSRF token: required in X-CSRF-Token on every unsafe request the cookie authenticates. */
    csrfToken: string;
    /** When the user signed in (ms since the epoch): the session ends SESSION_MAX_LIFETIME_MS after it. */
    signedInAt: number;
  }
}

/**
 * The console's sessions: express-session with its Postgres store (connect-pg-simple) on the app's
 * own pg pool, in the `console_sessions` table. The middleware is never mounted on the app: the
 * guards of the console, reseller and operator APIs run it (load()) when a request has no bearer
 * token, so the public gateway's calls never pay for a cookie parse or a session read.
 *
 * Cookie: `gw_session`, HttpOnly, SameSite=Strict, Secure unless the request is plain HTTP to a
 * loopback host (sessionCookieMustBeSecure), path `/`, and a rolling idle expiry: every response
 * to a signed-in request moves the cookie's and the row's expiry SESSION_IDLE_TIMEOUT_MS ahead.
 */
@Injectable()
export class ConsoleSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private middleware: RequestHandler | undefined;
  private store: connectPgSimple.PGStore | undefined;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const secret = this.config.SESSION_SECRET ?? (await this.generatedSecret());
    const PgStore = connectPgSimple(session);
    this.store = new PgStore({
      pool: this.prisma.pool,
      tableName: SESSION_TABLE,
      createTableIfMissing: false,
      pruneSessionInterval: PRUNE_INTERVAL_SECONDS,
      errorLog: (...args: unknown[]) => this.logger.warn({ err: args.map(String).join(' ') }, 'session store error'),
    });
    this.middleware = session({
      name: SESSION_COOKIE,
      secret,
      store: this.store,
      resave: false,
      // No row and no cookie for a visitor who never signed in.
      saveUninitialized: false,
      rolling: true,
      // Decided per request (sessionCookieMustBeSecure). `proxy: true` lets express-session send a
      // Secure cookie when X-Forwarded-Proto says https without TRUST_PROXY: it never sends one it
      // believes travels over plain HTTP, and that header can only make the cookie stricter.
      proxy: true,
      cookie: (req) => ({
        httpOnly: true,
        sameSite: 'strict',
        secure: sessionCookieMustBeSecure(req, this.config.CONSOLE_ORIGIN),
        path: '/',
        maxAge: this.config.SESSION_IDLE_TIMEOUT_MS,
      }),
    });
  }

  onApplicationShutdown(): void {
    // Stops the prune timer (at once: the store does not own the pool, which PrismaService closes).
    this.store?.close();
  }

  /** Whether the request carries a session cookie at all (a cheap look at the header, no parse, no query). */
  hasCookie(req: Request): boolean {
    const header = req.headers.cookie;
    return header !== undefined && SESSION_COOKIE_PATTERN.test(header);
  }

  /**
   * Runs express-session on this request: `req.session` is then the stored session (or a new, empty
   * one that is saved only if something is put in it). A store that cannot be read is a 503.
   */
  async load(req: Request, res: Response): Promise<void> {
    if (req.session) return;
    const middleware = this.middleware;
    if (!middleware) throw new Error('ConsoleSessions used before its module was initialised');
    await new Promise<void>((resolve, reject) => {
      void middleware(req, res, (err?: unknown) => (err ? reject(toUnavailable(err)) : resolve()));
    });
    // A stored session's cookie keeps the flags of its sign-in: the rule is this request's.
    const loaded = req.session as session.Session | undefined; // none when the store is disconnected
    if (loaded) loaded.cookie.secure = sessionCookieMustBeSecure(req, this.config.CONSOLE_ORIGIN);
  }

  /**
   * Signs `userId` in on this request: a new session id (the one the browser had before, if any, is
   * destroyed: no fixation), a new CSRF token, saved before the answer is sent. Returns the token.
   */
  async signIn(req: Request, res: Response, userId: string): Promise<string> {
    await this.load(req, res);
    await promisify((done) => req.session.regenerate(done));
    const csrfToken = randomBytes(32).toString('base64url');
    Object.assign(req.session, { userId, csrfToken, signedInAt: Date.now() });
    await promisify((done) => req.session.save(done));
    return csrfToken;
  }

  /** Ends this request's session: the row goes, and the browser is told to drop the cookie. */
  async signOut(req: Request, res: Response): Promise<void> {
    if (req.session) await promisify((done) => req.session.destroy(done));
    res.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: sessionCookieMustBeSecure(req, this.config.CONSOLE_ORIGIN),
    });
  }

  /** Ends every session of `userId` but `keepSessionId` (a password change, a removed user: pass none). */
  async endSessionsOf(userId: string, keepSessionId?: string): Promise<number> {
    // The sess column is json written by the store: a scan of the table, fine for something this rare.
    return this.prisma.$executeRaw`
      DELETE FROM console_sessions WHERE sess->>'userId' = ${userId} AND sid <> ${keepSessionId ?? ''}`;
  }

  private async generatedSecret(): Promise<string> {
    const generated = await loadOrCreateSessionSecret(this.config.DATA_DIR);
    if (generated.tightened)
      this.logger.warn({ file: generated.file }, 'the session secret file was readable by other users; its mode is now 0600');
    if (generated.created) {
      this.logger.warn(
        { file: generated.file },
        'SESSION_SECRET is not set; session cookies are signed with a secret generated into this file (share it, or set SESSION_SECRET, on every process)',
      );
    }
    return generated.secret;
  }
}

function promisify(run: (done: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((err) => (err ? reject(toUnavailable(err)) : resolve())));
}

/** The session store (Postgres) failed: logged here, and the client is told to retry (503, not a 500). */
function toUnavailable(err: unknown): unknown {
  if (err instanceof GatewayError) return err;
  new Logger('Sessions').warn({ err: (err as Error)?.message ?? String(err) }, 'session store unavailable');
  return new GatewayError('service_unavailable', 'Sessions cannot be read or written right now; retry shortly.');
}
