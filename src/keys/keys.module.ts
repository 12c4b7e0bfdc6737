import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ApiKeyRepository } from './api-key.repository';
import { KeyExpiryAnnouncer } from './key-expiry.announcer';
import { KeysService } from './keys.service';
import { ManagementKeyRepository } from './management-key.repository';
import { ManagementKeysService } from './management-keys.service';
import { PrismaApiKeyRepository } from './prisma-api-key.repository';

/**
 * Keys: gateway keys (issue with the secret shown once, verify with a short cache, revoke across
 * processes) and management keys of the reseller API. Never stores or logs a secret. Announces
 * key.rotated and key.expired (webhooks).
 */
@Module({
  imports: [WebhooksModule, ActivityModule],
  providers: [
    { provide: ApiKeyRepository, useClass: PrismaApiKeyRepository },
    KeysService,
    ManagementKeyRepository,
    ManagementKeysService,
    KeyExpiryAnnouncer,
  ],
  exports: [KeysService, ManagementKeysService],
})
export class KeysModule {}
