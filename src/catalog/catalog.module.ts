import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';

/** Catalog endpoints, billing units, prices, limits and upstream lists; an in-memory copy per process. */
@Module({
  imports: [ActivityModule],
  providers: [CatalogRepository, CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
