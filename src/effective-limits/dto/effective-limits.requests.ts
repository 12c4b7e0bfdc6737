import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Which endpoints the report covers: one slug, or every endpoint the key may call. */
export class EffectiveLimitsQuery {
  @ApiPropertyOptional({ description: 'Only this endpoint; default: every endpoint the key may call.', example: 'infra.dns' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  slug?: string;
}
