import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { JobQueue } from '../jobs/job-queue';
import { RecurringJob } from '../jobs/recurring-job';
import { AuditPartitionReport, maintainAuditPartitions } from './audit-partitions';

export const AUDIT_PARTITIONS_QUEUE = 'audit.partitions';

/**
 * Keeps the audit trail's monthly partitions (src/audit/audit-partitions.ts): every process at
 * start, before it serves (a new deployment, or one started in a month nobody prepared), and one
 * process every AUDIT_PARTITION_CHECK_INTERVAL_MS (the months ahead, and retention).
 */
@Injectable()
export class AuditPartitionsService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('AuditPartitions');
  private readonly job: RecurringJob;

  constructor(
    private readonly prisma: PrismaService,
    jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.job = new RecurringJob(
      jobs,
      {
        name: AUDIT_PARTITIONS_QUEUE,
        intervalMs: config.AUDIT_PARTITION_CHECK_INTERVAL_MS,
        run: () => this.maintain().then(() => undefined),
      },
      config.JOB_WORKER,
    );
  }

  async onModuleInit(): Promise<void> {
    await this.job.define();
    // A failure here is not fatal: records of a month without its partition wait in the default one.
    await this.maintain().catch((err: Error) =>
      this.logger.warn({ err: err.message }, 'audit partitions not checked at start; the recurring job tries again'),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.job.start();
  }

  /** One pass at `now` (tests pass another time). */
  async maintain(now = new Date()): Promise<AuditPartitionReport> {
    const report = await maintainAuditPartitions(
      this.prisma.pool,
      { aheadMonths: this.config.AUDIT_PARTITIONS_AHEAD_MONTHS, retentionMonths: this.config.AUDIT_RETENTION_MONTHS },
      now,
    );
    if (report.created.length || report.dropped.length || report.purged) this.logger.log(report, 'audit partitions changed');
    return report;
  }
}
