import { Injectable, OnModuleInit } from '@nestjs/common';
import { webhookKey } from '../webhooks/webhook-events';
import { WebhookEvents } from '../webhooks/webhook-events.publisher';
import { WebhookSweep } from '../webhooks/webhook-sweep';
import { ApiKeyRepository } from './api-key.repository';

/** Keys claimed per transaction; a sweep goes on until none is left. */
const BATCH = 500;

/**
 * Announces `key.expired` for every key that reaches its `expires_at`: its own expiry, one set by
 * PATCH or POST /keys/{id}/expire, or the end of a rotation's grace period. Nothing happens at that
 * moment to hook onto, so the webhook sweep looks for them (an index of the keys not announced
 * yet): each is marked announced in the transaction that publishes it, so it is announced once,
 * whichever process sweeps, within WEBHOOK_SWEEP_INTERVAL_MS of its expiry.
 */
@Injectable()
export class KeyExpiryAnnouncer implements OnModuleInit {
  constructor(
    private readonly repository: ApiKeyRepository,
    private readonly webhooks: WebhookEvents,
    private readonly sweep: WebhookSweep,
  ) {}

  onModuleInit(): void {
    this.sweep.register('key-expiry', () => this.announceExpired());
  }

  async announceExpired(): Promise<void> {
    let claimed: number;
    do {
      claimed = await this.repository.claimExpired(BATCH, (tx, keys) =>
        this.webhooks.publishMany(
          keys.map((key) => ({
            tenantId: key.tenantId,
            type: 'key.expired' as const,
            data: { key: { ...webhookKey(key), replaced_by_id: key.replacedById } },
            occurredAt: key.expiresAt,
          })),
          tx,
        ),
      );
      if (claimed > 0) this.webhooks.committed();
    } while (claimed === BATCH);
  }
}
