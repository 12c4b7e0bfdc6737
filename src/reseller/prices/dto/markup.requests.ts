import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_MARKUP_BPS } from '../../../keys/customer-prices';

/** A markup over your resale figure, in basis points. */
export class SetMarkupRequest {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_MARKUP_BPS,
    example: 2500,
    description:
      "Basis points over what you owe for a call (the catalog's resale price under your plan's discount), per meter: 2500 is 25 % over it, 0 passes your cost on, 100000 (1000 %) at most.",
  })
  @IsInt()
  @Min(0)
  @Max(MAX_MARKUP_BPS)
  markup_bps!: number;
}
