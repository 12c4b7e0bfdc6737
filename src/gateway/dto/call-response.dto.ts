import { ApiProperty } from '@nestjs/swagger';
import { BillingUnit } from '../../generated/prisma/enums';

/** The usage a call was billed for. */
export class CallUsage {
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit' })
  billing_unit!: BillingUnit;

  @ApiProperty({ type: 'integer', minimum: 0, description: "Usage in the billing unit's base measure (tokens, milliseconds, a count)." })
  quantity!: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'The same usage in billing units.' })
  units!: number;
}

/** The normal (non-stream) response of a public call; README "API" documents every field. */
export class CallResponseEnvelope {
  @ApiProperty({ example: 'text.generate' })
  endpoint!: string;

  @ApiProperty({ enum: ['accepted'], description: 'Always `accepted` on success.' })
  status!: 'accepted';

  @ApiProperty({ format: 'uuid', description: 'Equals the X-Service-Request-Id header.' })
  request_id!: string;

  @ApiProperty({ type: 'number', minimum: 0, example: 0.000123 })
  billed_usd!: number;

  @ApiProperty({ format: 'date-time' })
  received_at!: string;

  @ApiProperty({ type: () => CallUsage })
  usage!: CallUsage;

  @ApiProperty({ description: "The upstream's answer, unchanged (any JSON value)." })
  result!: unknown;
}
