import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { GatewayMetrics } from '../../metrics/gateway-metrics';
import { AdminAuthGuard } from '../auth/admin-auth.guard';

/**
 * `GET /metrics`: the Prometheus text format, behind the operator token (the operator API's own
 * check). Not in the OpenAPI document: it is not a JSON API. Not behind the operator API's per-IP
 * limit either, whose counters live in Redis: a scrape must work while Redis is down, which is
 * when it matters most (and a ≥ 24-character token is not guessed by trying).
 */
@Controller('metrics')
@ApiExcludeController()
@UseGuards(AdminAuthGuard)
export class MetricsController {
  constructor(private readonly metrics: GatewayMetrics) {}

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.exposition();
  }
}
