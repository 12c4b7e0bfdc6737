import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyAuthGuard } from './auth/api-key-auth.guard';
import { ApiKeyStrategy } from './auth/api-key.strategy';
import { KeysService } from './keys.service';

/** Public API keys: issue (secret shown once), verify with a short cache, revoke across processes. */
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [ApiKeyRepository, KeysService, ApiKeyStrategy, ApiKeyAuthGuard],
  exports: [KeysService, ApiKeyAuthGuard],
})
export class KeysModule {}
