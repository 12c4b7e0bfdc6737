import { ApiProperty } from '@nestjs/swagger';
import type { StoredModelAlias } from '../../../model-aliases/model-aliases.repository';

/** A model alias, and whether its target names a catalog price now. */
export class ModelAliasView {
  @ApiProperty({ example: 'gpt-4o-mini', description: 'What a caller of the OpenAI-compatible API sends as `model`.' })
  alias!: string;

  @ApiProperty({ example: 'text.generate/gpt-4o-mini', description: 'The canonical model id it stands for.' })
  target!: string;

  @ApiProperty({
    description:
      'Whether the target names an endpoint of the catalog (and, with a model, one of its models) now; false: it disappeared since the alias was set, and calls naming the alias find no model.',
  })
  target_exists!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  static from(this: void, row: StoredModelAlias, targetExists: boolean): ModelAliasView {
    return Object.assign(new ModelAliasView(), {
      alias: row.alias,
      target: row.target,
      target_exists: targetExists,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    } satisfies ModelAliasView);
  }
}

export class ModelAliasListView {
  @ApiProperty({ type: [ModelAliasView], description: 'Every alias, by alias.' })
  data!: ModelAliasView[];
}
