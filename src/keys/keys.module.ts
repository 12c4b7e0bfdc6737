import { Module } from '@nestjs/common';
import { ApiKeyRepository } from './api-key.repository';
import { KeysService } from './keys.service';
import { ManagementKeyRepository } from './management-key.repository';
import { ManagementKeysService } from './management-keys.service';

/**
 * Keys: gateway keys (issue with the secret shown once, verify with a short cache, revoke across
 * processes) and management keys of the reseller API. Never stores or logs a secret.
 */
@Module({
  providers: [ApiKeyRepository, KeysService, ManagementKeyRepository, ManagementKeysService],
  exports: [KeysService, ManagementKeysService],
})
export class KeysModule {}
