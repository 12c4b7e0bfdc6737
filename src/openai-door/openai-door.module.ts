import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CatalogModule } from '../catalog/catalog.module';
import { GatewayModule } from '../gateway/gateway.module';
import { KeysModule } from '../keys/keys.module';
import { ModelAliasesModule } from '../model-aliases/model-aliases.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ApiKeyGuard } from '../gateway/guards/api-key.guard';
import { CallRateLimitGuard } from '../gateway/guards/call-rate-limit.guard';
import { OpenAiCallGuard, OpenAiModelGuard } from './openai-call';
import { OpenAiDoorController, OpenAiRouteNotFoundController } from './openai-door.controller';
import { OpenAiCallExceptionFilter } from './openai-errors';
import { OpenAiModels } from './openai-models';

/**
 * The OpenAI-compatible door (ARCHITECTURE.md "Doors"): its routes, its model resolution and its
 * answers; the call pipeline is the gateway module's.
 */
@Module({
  imports: [GatewayModule, KeysModule, CatalogModule, BillingModule, RateLimitModule, ModelAliasesModule],
  controllers: [OpenAiDoorController, OpenAiRouteNotFoundController],
  providers: [OpenAiModels, OpenAiCallGuard, ApiKeyGuard, OpenAiModelGuard, CallRateLimitGuard, OpenAiCallExceptionFilter],
})
export class OpenAiDoorModule {}
