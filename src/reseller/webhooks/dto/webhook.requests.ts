import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQuery } from '../../../common/pagination/page.requests';
import { IsOptionalNotNull } from '../../../common/validation/rules';
import { WebhookDeliveryState, WebhookEndpointStatus } from '../../../generated/prisma/enums';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../webhooks/delivery/webhook-target';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../webhooks/webhook-events';

const URL_DESCRIPTION =
  'Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, ' +
  'never a loopback, private, link-local or reserved address (checked again on every address the host resolves to).';
const EVENTS_DESCRIPTION = 'The event types this endpoint receives (at least one).';

export class CreateWebhookEndpointRequest {
  @ApiProperty({ format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH, description: URL_DESCRIPTION })
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true, description: EVENTS_DESCRIPTION })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events!: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;
}

export class UpdateWebhookEndpointRequest {
  @ApiPropertyOptional({ format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH, description: URL_DESCRIPTION })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true, description: EVENTS_DESCRIPTION })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(500)
  description?: string;

  @ApiPropertyOptional({
    enum: Object.values(WebhookEndpointStatus),
    enumName: 'WebhookEndpointStatus',
    description: '`disabled` stops deliveries; `active` resumes them (also after a 410 disabled it).',
  })
  @IsOptionalNotNull()
  @IsIn(Object.values(WebhookEndpointStatus))
  status?: WebhookEndpointStatus;
}

export const DEFAULT_SECRET_GRACE_SECONDS = 86_400;
export const MAX_SECRET_GRACE_SECONDS = 7 * 86_400;

export class RotateWebhookSecretRequest {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_SECRET_GRACE_SECONDS,
    default: DEFAULT_SECRET_GRACE_SECONDS,
    description: 'How long deliveries are also signed with the old secret, in seconds (default 24 h, at most 7 days; 0: not at all).',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SECRET_GRACE_SECONDS)
  grace_seconds?: number;
}

export class WebhookDeliveryListQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "One endpoint's deliveries." })
  @IsOptional()
  @IsUUID()
  endpoint_id?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType' })
  @IsOptional()
  @IsIn(WEBHOOK_EVENT_TYPES)
  event?: WebhookEventType;

  @ApiPropertyOptional({ enum: Object.values(WebhookDeliveryState), enumName: 'WebhookDeliveryState' })
  @IsOptional()
  @IsIn(Object.values(WebhookDeliveryState))
  state?: WebhookDeliveryState;
}
