import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService } from './health.service';

/** Liveness and readiness probes (no auth, no limits: load balancers call them). */
@Controller()
@ApiTags('Health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('healthz')
  live() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.readiness();
    res.status(report.status === 'ready' ? 200 : 503);
    return report;
  }
}
