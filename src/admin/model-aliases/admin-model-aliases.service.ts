import { Injectable } from '@nestjs/common';
import type { StoredModelAlias } from '../../model-aliases/model-aliases.repository';
import { ModelAliasesService } from '../../model-aliases/model-aliases.service';
import { ModelAliasListView, ModelAliasView } from './dto/model-alias.view';

/** The operator's model aliases. Every change goes through ModelAliasesService, which broadcasts it to every process. */
@Injectable()
export class AdminModelAliasesService {
  constructor(private readonly aliases: ModelAliasesService) {}

  async list(): Promise<ModelAliasListView> {
    return { data: (await this.aliases.listStored()).map((row) => this.view(row)) };
  }

  async set(alias: string, target: string): Promise<ModelAliasView> {
    return this.view(await this.aliases.set(alias, target));
  }

  remove(alias: string): Promise<void> {
    return this.aliases.remove(alias);
  }

  private view(row: StoredModelAlias): ModelAliasView {
    return ModelAliasView.from(row, this.aliases.targetExists(row.target));
  }
}
