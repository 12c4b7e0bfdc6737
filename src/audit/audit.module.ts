import { Global, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { JobsModule } from '../jobs/jobs.module';
import { AuditPartitionsService } from './audit-partitions.service';
import { AuditQueryService } from './audit-query.service';
import { AuditTrailService } from './audit-trail.service';
import { AuditWriterService } from './audit-writer.service';

/** The audit trail: one record per public request, written in batches off the response path into monthly partitions, and its reads. */
@Global()
@Module({
  imports: [CatalogModule, JobsModule],
  providers: [AuditWriterService, AuditQueryService, AuditTrailService, AuditPartitionsService],
  exports: [AuditWriterService, AuditQueryService, AuditTrailService, AuditPartitionsService],
})
export class AuditModule {}
