import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { TenantsModule } from '../tenants/tenants.module';
import { UsersModule } from '../users/users.module';
import { ConsoleSessionGuard } from './auth/console-session.guard';
import { SignInThrottlerGuard } from './auth/sign-in-throttler.guard';
import { ConsoleSessionController } from './session/console-session.controller';
import { ConsoleSessionService } from './session/console-session.service';
import { ConsoleUsersController } from './users/console-users.controller';
import { ConsoleUsersService } from './users/console-users.service';

/**
 * The console API under /api/console/v1: sign-up, sign-in and sessions, passwords, a tenant's users
 * and invitations. Browser-only (the session cookie); everything else the console shows comes from
 * the reseller and operator APIs, which accept the same session.
 */
@Module({
  imports: [UsersModule, SessionsModule, TenantsModule, PlansModule, RateLimitModule],
  controllers: [ConsoleSessionController, ConsoleUsersController],
  providers: [ConsoleSessionGuard, SignInThrottlerGuard, ConsoleSessionService, ConsoleUsersService],
})
export class ConsoleModule {}
