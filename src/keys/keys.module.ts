import { Module } from '@nestjs/common';
import { ApiKeyRepository } from './api-key.repository';
import { KeysService } from './keys.service';

/** Public API keys: issue (secret shown once), verify with a short cache, revoke across processes. */
@Module({
  providers: [ApiKeyRepository, KeysService],
  exports: [KeysService],
})
export class KeysModule {}
