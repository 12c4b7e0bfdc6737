import { Global, Module } from '@nestjs/common';
import { AuditQueryService } from './audit-query.service';
import { AuditWriterService } from './audit-writer.service';

/** The audit trail: one record per public request, written in batches off the response path. */
@Global()
@Module({
  providers: [AuditWriterService, AuditQueryService],
  exports: [AuditWriterService, AuditQueryService],
})
export class AuditModule {}
