import { ApiProperty } from '@nestjs/swagger';
import { BillingUnit, Meter } from '../../generated/prisma/enums';

/** One meter of a call's usage: what was billed in it and what it cost the caller. */
export class CallMeterUsage {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' })
  meter!: Meter;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: "Usage in the meter's base measure (tokens, milliseconds, characters, a count).",
  })
  quantity!: number;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    description: "The same usage in the meter's units (1k tokens, minutes, 1k characters, items).",
  })
  units!: number;

  @ApiProperty({ type: 'number', minimum: 0, description: "What this meter cost the caller; the meters' sum is `billed_usd`." })
  billed_usd!: number;
}

/** The usage a call was billed for. */
export class CallUsage {
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit' })
  billing_unit!: BillingUnit;

  @ApiProperty({ type: 'integer', minimum: 0, description: "Usage in the billing unit's base measure (tokens, milliseconds, a count)." })
  quantity!: number;

  @ApiProperty({ type: 'number', minimum: 0, description: 'The same usage in billing units.' })
  units!: number;

  @ApiProperty({
    type: () => [CallMeterUsage],
    description:
      'The usage per meter of the price (input and output tokens, images, …); `quantity` sums those in the billing unit’s measure.',
  })
  meters!: CallMeterUsage[];
}

/** The normal (non-stream) response of a public call; docs/api/calls.md documents every field. */
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
