import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyAuthGuard } from '../gateway/guards/api-key.guard';
import { KeysService } from './keys.service';

/** Public API keys: issue (secret shown once), verify with a short cache, revoke across processes. */
@Module({
  imports: [RateLimitModule],
  providers: [ApiKeyRepository, KeysService, ApiKeyAuthGuard],
  exports: [KeysService, ApiKeyAuthGuard],
})
export class KeysModule {}
