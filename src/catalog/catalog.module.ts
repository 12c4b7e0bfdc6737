import { Module } from '@nestjs/common';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';

/** Catalog endpoints, billing units, prices, limits and upstream lists; an in-memory copy per process. */
@Module({
  providers: [CatalogRepository, CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
