import { Global, Module } from '@nestjs/common';
import { GatewayMetrics } from './gateway-metrics';
import { MetricsListener } from './metrics-listener';

/**
 * The app's Prometheus metrics (one registry per app instance), for every module to record into;
 * and, when METRICS_PORT is set, the separate listener that serves them. `GET /metrics` on the main
 * port is the operator API's (admin/metrics/), behind the admin token. Imports no feature module:
 * what it reports on, its owners register (see GatewayMetrics' collect… methods).
 */
@Global()
@Module({
  providers: [{ provide: GatewayMetrics, useFactory: () => new GatewayMetrics() }, MetricsListener],
  exports: [GatewayMetrics],
})
export class MetricsModule {}
