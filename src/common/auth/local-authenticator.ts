import { inspect, types } from 'node:util';
import type { Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';

/** An email and a password, as a sign-in form sends them. */
export interface Credentials {
  email: string;
  password: string;
}

/** `context`: what the caller passes along with the credentials (e.g. the client address), for `verify`. */
export type LocalVerify<T, C> = (email: string, password: string, context: C) => Promise<T | false>;

/** What `passport.authenticate(name, options, callback)` returns (typed `any` by @types/passport). */
type AuthenticateMiddleware = (req: Request, res: Response, next: (err?: unknown) => void) => void;

/**
 * passport + passport-local with a Passport instance of its own, for the same reason as
 * createBearerAuthenticator: the global registry would tie every app in the process to one app's
 * services. Passport is handed an object holding the credentials alone (as `body`), never the
 * request: the body has already been read and validated, and passport's middleware would decorate
 * the real request with properties of its own.
 *
 * Resolves with the verified user, or false when the credentials are missing or `verify` said no;
 * rejects with what `verify` throws (an Error as it is; anything else wrapped in an Error). The
 * `context` of each call reaches `verify` with the credentials (passport hands its stand-in request
 * to the strategy: passReqToCallback).
 */
export function createLocalAuthenticator<T, C>(
  verify: LocalVerify<T, C>,
): (credentials: Credentials, res: Response, context: C) => Promise<T | false> {
  const passport = new Passport();
  passport.use(
    'local',
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', session: false, passReqToCallback: true },
      (input, email, password, done) => {
        verify(email, password, (input as unknown as { context: C }).context).then(
          (user) => done(null, user as Express.User | false),
          (err: unknown) => done(err),
        );
      },
    ),
  );
  return (credentials, res, context) =>
    new Promise<T | false>((resolve, reject) => {
      const authenticate = passport.authenticate('local', { session: false }, (err: unknown, user: T | false) => {
        if (err) reject(err instanceof Error || types.isNativeError(err) ? err : new Error(inspect(err)));
        else resolve(user ?? false);
      }) as AuthenticateMiddleware;
      const input = { body: { email: credentials.email, password: credentials.password }, query: {}, context };
      authenticate(input as unknown as Request, res, reject);
    });
}
