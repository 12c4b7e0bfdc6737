import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import { WebhookEndpointStatus } from '../../generated/prisma/enums';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-events';
import type { StoredEndpoint } from '../webhooks.repository';

/** A webhook endpoint as the reseller API shows it: never its secret. */
export class WebhookEndpointView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true }) events!: WebhookEventType[];
  @ApiProperty({
    enum: Object.values(WebhookEndpointStatus),
    enumName: 'WebhookEndpointStatus',
    description: 'A disabled endpoint gets no deliveries; set it `active` again with PATCH.',
  })
  status!: WebhookEndpointStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['gone', 'tenant'],
    description: '`gone`: the receiver answered 410; `tenant`: you disabled it. Null while active.',
  })
  disabled_reason!: 'gone' | 'tenant' | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until then deliveries are also signed with the secret before the last rotation.',
  })
  previous_secret_expires_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;

  static from(this: void, e: StoredEndpoint): WebhookEndpointView {
    const previousValid = e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date();
    return Object.assign(new WebhookEndpointView(), {
      id: e.id,
      url: e.url,
      description: e.description,
      events: e.events as WebhookEventType[],
      status: e.status,
      disabled_reason: e.disabledReason as 'gone' | 'tenant' | null,
      previous_secret_expires_at: previousValid ? e.previousSecretExpiresAt!.toISOString() : null,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    } satisfies WebhookEndpointView);
  }
}

/** An endpoint with its signing secret: only in the answer that created or rotated it. */
export class WebhookEndpointWithSecretView extends WebhookEndpointView {
  @ApiProperty({ description: 'The signing secret (`whsec_…`): shown this once; store it now.' })
  secret!: string;

  static withSecret(endpoint: StoredEndpoint, secret: string): WebhookEndpointWithSecretView {
    return Object.assign(new WebhookEndpointWithSecretView(), WebhookEndpointView.from(endpoint), { secret });
  }
}

export const WebhookEndpointPage = PageOf(WebhookEndpointView);
