import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/**
 * Background jobs on Postgres (pg-boss): queues that features define, run by the processes with
 * JOB_WORKER on. Knows nothing of what the jobs do.
 */
@Module({
  providers: [JobQueue],
  exports: [JobQueue],
})
export class JobsModule {}
