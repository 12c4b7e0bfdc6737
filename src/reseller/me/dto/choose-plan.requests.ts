import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsOptionalOrNull } from '../../../common/validation/rules';

export class ChoosePlanRequest {
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'A public plan (GET /api/public/v1/plans). null (none) is refused: only the operator takes a tenant off its plan.',
  })
  @IsOptionalOrNull()
  @IsUUID()
  plan_id!: string | null;
}
