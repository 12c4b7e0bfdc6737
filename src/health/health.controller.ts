import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_TOKEN } from '../admin/auth/admin-token';
import { HealthService } from './health.service';

/** Liveness and readiness probes (no auth, no limits: load balancers call them). */
@Controller()
@ApiTags('Health')
export class HealthController {
  private readonly adminTokenDigest: Buffer;

  constructor(
    private readonly health: HealthService,
    @Inject(ADMIN_TOKEN) adminToken: string,
  ) {
    this.adminTokenDigest = createHash('sha256').update(adminToken).digest();
  }

  @Get('healthz')
  live() {
    return { status: 'ok' };
  }

  /**
   * 200 ready / 503 not ready, for probes, whoever asks. The checks and the audit writer's counts
   * describe the deployment's insides: only the operator (Authorization: Bearer ADMIN_TOKEN) sees them.
   */
  @Get('readyz')
  @ApiOperation({
    summary: 'Readiness: 200 ready, 503 not; `{status}` only, and the checks and audit counts with the admin token (Bearer)',
  })
  async ready(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const report = await this.health.readiness();
    res.status(report.status === 'ready' ? 200 : 503);
    return this.presentsAdminToken(req) ? report : { status: report.status };
  }

  /** `Authorization: Bearer <the admin token>`, compared in constant time; anything else is an anonymous probe. */
  private presentsAdminToken(req: Request): boolean {
    const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
    if (!match) return false;
    return timingSafeEqual(createHash('sha256').update(match[1]).digest(), this.adminTokenDigest);
  }
}
