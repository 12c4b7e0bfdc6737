import { Global, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AuditQueryService } from './audit-query.service';
import { AuditTrailService } from './audit-trail.service';
import { AuditWriterService } from './audit-writer.service';

/** The audit trail: one record per public request, written in batches off the response path, and its reads. */
@Global()
@Module({
  imports: [CatalogModule],
  providers: [AuditWriterService, AuditQueryService, AuditTrailService],
  exports: [AuditWriterService, AuditQueryService, AuditTrailService],
})
export class AuditModule {}
