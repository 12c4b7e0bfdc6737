import type { PrismaService } from '../database/prisma.service';
import type { AuditRecordInput } from './audit.types';
import type { AuditSink } from './audit-writer';

/** Batches into Postgres; skipDuplicates makes a retried batch that already landed a no-op. */
export class PrismaAuditSink implements AuditSink {
  constructor(private readonly prisma: PrismaService) {}

  async insertBatch(records: AuditRecordInput[]): Promise<void> {
    await this.prisma.auditRecord.createMany({ data: records, skipDuplicates: true });
  }
}
