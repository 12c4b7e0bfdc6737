import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { PlansModule } from '../plans/plans.module';
import { PublicCatalogController } from './public-catalog.controller';
import { PublicCatalogService } from './public-catalog.service';

/**
 * The public catalog and plans for the website (no authentication). Imported before the gateway
 * module, so Express matches its exact paths before the public endpoint's `:slug`.
 */
@Module({
  imports: [CatalogModule, PlansModule],
  controllers: [PublicCatalogController],
  providers: [PublicCatalogService],
})
export class PublicCatalogModule {}
