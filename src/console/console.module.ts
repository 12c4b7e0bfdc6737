import { DynamicModule, Module } from '@nestjs/common';
import { ADMIN_TOKEN } from '../admin/auth/admin-token';
import { PlansModule } from '../plans/plans.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { TenantsModule } from '../tenants/tenants.module';
import { UsersModule } from '../users/users.module';
import { ConsoleSessionGuard } from './auth/console-session.guard';
import { SignInThrottlerGuard } from './auth/sign-in-throttler.guard';
import { ConsolePasswordResetsController } from './password-resets/console-password-resets.controller';
import { ConsolePasswordResetsService } from './password-resets/console-password-resets.service';
import { ConsoleSessionController } from './session/console-session.controller';
import { ConsoleSessionService } from './session/console-session.service';
import { ConsoleSetupController } from './setup/console-setup.controller';
import { ConsoleSetupService } from './setup/console-setup.service';
import { ConsoleUsersController } from './users/console-users.controller';
import { ConsoleUsersService } from './users/console-users.service';

/**
 * The console API under /api/console/v1: sign-up, sign-in and sessions, passwords, a tenant's users
 * and invitations, password reset links, the first operator's setup. Browser-only (the session
 * cookie); everything else the console shows comes from the reseller and operator APIs, which accept
 * the same session. `adminToken` is one proof the first operator's creator may give.
 */
@Module({})
export class ConsoleModule {
  static forRoot(adminToken: string): DynamicModule {
    return {
      module: ConsoleModule,
      imports: [UsersModule, SessionsModule, TenantsModule, PlansModule, RateLimitModule],
      controllers: [ConsoleSessionController, ConsoleUsersController, ConsolePasswordResetsController, ConsoleSetupController],
      providers: [
        { provide: ADMIN_TOKEN, useValue: adminToken },
        ConsoleSessionGuard,
        SignInThrottlerGuard,
        ConsoleSessionService,
        ConsoleUsersService,
        ConsolePasswordResetsService,
        ConsoleSetupService,
      ],
    };
  }
}
