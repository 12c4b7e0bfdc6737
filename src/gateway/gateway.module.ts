import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CatalogModule } from '../catalog/catalog.module';
import { KeysModule } from '../keys/keys.module';
import { ProxyModule } from '../proxy/proxy.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { CatalogEndpointGuard } from './guards/catalog-endpoint.guard';
import { GatewayController, PublicRouteNotFoundController } from './gateway.controller';
import { GatewayService } from './gateway.service';
import { PublicCallGuard } from './guards/public-call.guard';
import { StreamSlots } from '../streaming/stream-slots';

/** The public gateway endpoint: wires keys, catalog, limits, proxy and billing for one call. */
@Module({
  imports: [KeysModule, CatalogModule, RateLimitModule, ProxyModule, BillingModule],
  controllers: [GatewayController, PublicRouteNotFoundController],
  providers: [GatewayService, CatalogEndpointGuard, PublicCallGuard, StreamSlots],
})
export class GatewayModule {}
