import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import { WebhookDeliveryState } from '../../generated/prisma/enums';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-events';
import type { DeliveryWithAttempts, StoredAttempt, StoredDelivery } from '../webhooks.repository';

/** One delivery: an event for one endpoint, and where it stands. */
export class WebhookDeliveryView {
  @ApiProperty({
    format: 'uuid',
    description: "The `Webhook-Id` header and the body's `id`: the same on every attempt; drop duplicates on it.",
  })
  id!: string;
  @ApiProperty({ format: 'uuid' }) endpoint_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType' }) event!: WebhookEventType;
  @ApiProperty({
    enum: Object.values(WebhookDeliveryState),
    enumName: 'WebhookDeliveryState',
    description:
      '`pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx came; `failed`: given up (410, retry window over, endpoint disabled).',
  })
  state!: WebhookDeliveryState;
  @ApiProperty({ type: 'integer' }) attempt_count!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: "The last attempt's HTTP status; null when none answered." })
  last_status!: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at!: string | null;
  @ApiProperty({ format: 'date-time', description: 'No attempt is scheduled after this.' }) retry_until!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at!: string | null;
  @ApiProperty({ format: 'date-time', description: "When the event happened (the body's `created_at`)." }) created_at!: string;

  static from(this: void, d: StoredDelivery): WebhookDeliveryView {
    return Object.assign(new WebhookDeliveryView(), deliveryFields(d));
  }
}

/** One attempt of a delivery. */
export class WebhookAttemptView {
  @ApiProperty({ type: 'integer' }) number!: number;
  @ApiProperty({ format: 'date-time' }) started_at!: string;
  @ApiProperty({ type: 'integer' }) duration_ms!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null: no answer (timeout, connection error, refused target).' })
  status!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the retry this failure scheduled is due.' })
  next_attempt_at!: string | null;

  static from(this: void, a: StoredAttempt): WebhookAttemptView {
    return Object.assign(new WebhookAttemptView(), {
      number: a.number,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status: a.httpStatus,
      error: a.error,
      next_attempt_at: a.nextAttemptAt?.toISOString() ?? null,
    } satisfies WebhookAttemptView);
  }
}

/** A delivery with the body it sends and its attempts, oldest first. */
export class WebhookDeliveryDetailView extends WebhookDeliveryView {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The body as sent: `{id, type, created_at, data}`.',
  })
  payload!: { id: string; type: string; created_at: string; data: unknown };

  @ApiProperty({ type: [WebhookAttemptView] })
  attempts!: WebhookAttemptView[];

  static withAttempts(d: DeliveryWithAttempts): WebhookDeliveryDetailView {
    return Object.assign(new WebhookDeliveryDetailView(), deliveryFields(d), {
      payload: { id: d.id, type: d.event, created_at: d.createdAt.toISOString(), data: d.data },
      attempts: d.attempts.map(WebhookAttemptView.from),
    });
  }
}

function deliveryFields(d: StoredDelivery): WebhookDeliveryView {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event: d.event as WebhookEventType,
    state: d.state,
    attempt_count: d.attemptCount,
    last_status: d.lastStatus,
    last_error: d.lastError,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    retry_until: d.retryUntil.toISOString(),
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}

export const WebhookDeliveryPage = PageOf(WebhookDeliveryView);
