import { Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { JobsModule } from '../jobs/jobs.module';
import { RecurringJob } from '../jobs/recurring-job';
import { CredentialsService } from './credentials.service';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { OperatorSetupRepository } from './operator-setup.repository';
import { OperatorSetupService } from './operator-setup.service';
import { PasswordHasher } from './password-hasher';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordResetsService } from './password-resets.service';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** How often one process forgets the sign-in delay counters that no longer count. */
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Forgets stale sign-in delay counters every hour, in one process of the deployment: without it, a
 * spray of guessed emails would leave a row per email behind for good.
 */
@Injectable()
class SignInFailuresPrune implements OnModuleInit, OnApplicationBootstrap {
  private readonly job: RecurringJob;

  constructor(jobs: JobQueue, credentials: CredentialsService, @Inject(APP_CONFIG) config: AppConfig) {
    const logger = new Logger('Users');
    this.job = new RecurringJob(
      jobs,
      {
        name: 'users.sign-in-failures-prune',
        intervalMs: PRUNE_INTERVAL_MS,
        run: async () => {
          const pruned = await credentials.pruneStaleFailures();
          if (pruned > 0) logger.log({ pruned }, 'stale sign-in failure counters pruned');
        },
      },
      config.JOB_WORKER,
    );
  }

  onModuleInit(): Promise<void> {
    return this.job.define();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.job.start();
  }
}

/**
 * Console users (tenant users with roles, and operators), their passwords (argon2id), invitations,
 * password reset links, the first-operator setup and the sign-in delays. Domain only: no HTTP, no sessions (src/sessions/ builds on this).
 */
@Module({
  imports: [JobsModule],
  providers: [
    UsersRepository,
    UsersService,
    PasswordHasher,
    InvitationsRepository,
    InvitationsService,
    SignInFailuresRepository,
    CredentialsService,
    SignInFailuresPrune,
    PasswordResetsRepository,
    PasswordResetsService,
    OperatorSetupRepository,
    OperatorSetupService,
  ],
  exports: [UsersService, InvitationsService, CredentialsService, UsersRepository, PasswordResetsService, OperatorSetupService],
})
export class UsersModule {}
