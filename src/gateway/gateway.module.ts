import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CatalogModule } from '../catalog/catalog.module';
import { KeysModule } from '../keys/keys.module';
import { ProxyModule } from '../proxy/proxy.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { StreamSlots } from '../streaming/stream-slots';
import { CallAudit } from './call-audit';
import { GatewayController, PublicRouteNotFoundController } from './gateway.controller';
import { GatewayService } from './gateway.service';
import { ApiKeyGuard } from './guards/api-key.guard';
import { CallRateLimitGuard } from './guards/call-rate-limit.guard';
import { CatalogEndpointGuard } from './guards/catalog-endpoint.guard';
import { PublicCallGuard } from './guards/public-call.guard';
import { PublicCallExceptionFilter } from './public-call-exception.filter';

/**
 * The public gateway endpoint and its call pipeline: the call context, the guards (public call →
 * key → endpoint → limits), the handler (input, proxy, billing, answer or stream relay), the error
 * path and the call's audit record. It wires the lower modules; none of them knows about it.
 */
@Module({
  imports: [KeysModule, CatalogModule, RateLimitModule, ProxyModule, BillingModule],
  controllers: [GatewayController, PublicRouteNotFoundController],
  providers: [
    GatewayService,
    CallAudit,
    PublicCallGuard,
    ApiKeyGuard,
    CatalogEndpointGuard,
    CallRateLimitGuard,
    PublicCallExceptionFilter,
    StreamSlots,
  ],
  // The OpenAI door (src/openai-door) runs its calls through the same pipeline.
  exports: [GatewayService, CallAudit],
})
export class GatewayModule {}
