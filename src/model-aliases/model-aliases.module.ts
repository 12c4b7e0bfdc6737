import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ModelAliasesRepository } from './model-aliases.repository';
import { ModelAliasesService } from './model-aliases.service';

/**
 * The operator's model aliases for the OpenAI-compatible door (`gpt-4o-mini` → a canonical model id,
 * see model-id.ts); an in-memory copy per process. It names catalog prices, never holds them: what
 * an id costs and who serves it stay the catalog's.
 */
@Module({
  imports: [CatalogModule],
  providers: [ModelAliasesRepository, ModelAliasesService],
  exports: [ModelAliasesService],
})
export class ModelAliasesModule {}
