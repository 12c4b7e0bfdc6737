import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CreateKeyRequest } from '../../../keys/dto/api-key.requests';
import { INT4_MAX } from '../../../common/validation/rules';

/** The operator's key: besides name and expiry, the operator's own limit override. */
export class CreateApiKeyRequest extends CreateKeyRequest {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    description:
      "Per-slug requests per window for this key: the operator's override of the endpoint and catalog limits (a tenant's own limits on the key stay below it).",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT4_MAX)
  rate_limit_per_window?: number;
}

export { CreateManagementKeyRequest } from '../../../keys/dto/api-key.requests';
