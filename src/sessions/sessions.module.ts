import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ConsoleSessions } from './console-sessions';
import { RequestIntent } from './request-intent';
import { SessionAuthenticator } from './session-authenticator';

/**
 * Console sessions: express-session in Postgres (the cookie, rolling idle expiry, sign-in with a new
 * id, sign-out, ending a user's other sessions), the request's signed-in user, and the CSRF checks.
 * Used by the guards of the console, reseller and operator APIs; never by the public gateway.
 */
@Module({
  imports: [UsersModule],
  providers: [ConsoleSessions, RequestIntent, SessionAuthenticator],
  exports: [ConsoleSessions, SessionAuthenticator, RequestIntent],
})
export class SessionsModule {}
