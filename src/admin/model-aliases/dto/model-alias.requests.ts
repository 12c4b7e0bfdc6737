import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The body of PUT /model-aliases/{alias}: what the alias stands for (checked against the catalog). */
export class SetModelAliasRequest {
  @ApiProperty({
    maxLength: 201,
    example: 'text.generate/gpt-4o-mini',
    description: "A canonical model id: <slug>/<model> for one of the slug's models, or <slug> alone for its default price.",
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(201)
  target!: string;
}
