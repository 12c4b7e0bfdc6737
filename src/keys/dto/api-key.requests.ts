import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';

/** What anyone who issues a gateway key says about it (the operator may add its limit override). */
export class CreateKeyRequest {
  @ApiPropertyOptional({ maxLength: 200, description: "A label for the key owner's own use." })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'ISO 8601 instant after which the key stops working (401 expired_api_key).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  expires_at?: string;
}

/** A new management key (reseller API): the operator's or the tenant owner's. */
export class CreateManagementKeyRequest {
  @ApiPropertyOptional({ maxLength: 200, description: 'A label, e.g. where the key is used.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}
