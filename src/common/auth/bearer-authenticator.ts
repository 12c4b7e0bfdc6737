import type { IncomingHttpHeaders } from 'node:http';
import { inspect, types } from 'node:util';
import type { Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';

/** `req` is the request being authenticated (e.g. for its client IP). */
export type BearerVerify<T> = (token: string, req: Request) => Promise<T | false>;

/** What passport is handed instead of the request: the header, and the request for `verify`. */
interface BearerInput {
  headers: IncomingHttpHeaders;
  request: Request;
}

/** What `passport.authenticate(name, options, callback)` returns (typed `any` by @types/passport). */
type AuthenticateMiddleware = (req: Request, res: Response, next: (err?: unknown) => void) => void;

/**
 * passport + passport-http-bearer with a Passport instance of its own. The global passport
 * registry (what @nestjs/passport uses) holds one strategy per name for the whole process, which
 * would tie every app instance in a process to the last one's services.
 *
 * Passport is handed the Authorization header alone, not the request: the header is the only
 * carrier of keys here (RFC 6750's `access_token` body and query parameters are not accepted),
 * and passport's middleware decorates whatever request it gets with seven properties (login,
 * logout, …), which on the real request object cost every later property access on it.
 *
 * Resolves with the verified user, or false when no bearer token could be read; rejects with what
 * `verify` throws (an Error, e.g. a GatewayError, as it is; anything else wrapped in an Error).
 */
export function createBearerAuthenticator<T>(verify: BearerVerify<T>): (req: Request, res: Response) => Promise<T | false> {
  const passport = new Passport();
  passport.use(
    'bearer',
    new BearerStrategy({ passReqToCallback: true }, (input: Request, token: string, done: (err: unknown, user?: T | false) => void) => {
      verify(token, (input as unknown as BearerInput).request).then(
        (user) => done(null, user),
        (err: unknown) => done(err),
      );
    }),
  );
  return (req, res) =>
    new Promise<T | false>((resolve, reject) => {
      const authenticate = passport.authenticate('bearer', { session: false }, (err: unknown, user: T | false) => {
        if (err) reject(err instanceof Error || types.isNativeError(err) ? err : new Error(inspect(err)));
        else resolve(user ?? false);
      }) as AuthenticateMiddleware;
      const input: BearerInput = { headers: { authorization: req.headers.authorization }, request: req };
      authenticate(input as unknown as Request, res, reject);
    });
}
