import { Body, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { SignedOutAllowed } from '../auth/console-session.guard';
import { SignInThrottlerGuard } from '../auth/sign-in-throttler.guard';
import { ConsoleApi } from '../console-api.decorator';
import { SessionView } from '../session/dto/session.view';
import { ConsoleSetupService } from './console-setup.service';
import { CreateFirstOperatorRequest } from './dto/setup.requests';
import { SetupStatusView } from './dto/setup.view';

/** A fresh install's first operator, created in the browser (docs/operate/first-run.md). */
@ConsoleApi('setup')
export class ConsoleSetupController {
  constructor(private readonly setup: ConsoleSetupService) {}

  @Get('setup')
  @SignedOutAllowed()
  @ApiOperation({ summary: 'Whether the gateway still waits for its first operator' })
  @ApiOkResponse({ type: SetupStatusView })
  status(): Promise<SetupStatusView> {
    return this.setup.status();
  }

  @Post('setup/first-operator')
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary: 'Create the first operator and sign in as them: only while no operator exists (409 after)',
    description:
      'Proven with the setup link printed at start-up (`setup_token`, single use, 24 hours) or the admin token (`admin_token`). Further operators are added by operators (POST /api/admin/v1/operators).',
  })
  @ApiCreatedResponse({ type: SessionView, description: 'Signed in: the session cookie is set.' })
  @ApiErrorResponses([
    { status: 401, codes: ['invalid_setup_token'] },
    { status: 409, codes: ['operator_exists', 'conflict'] },
    { status: 429, codes: ['rate_limited'], retryAfter: true },
  ])
  create(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: CreateFirstOperatorRequest): Promise<SessionView> {
    return this.setup.createFirstOperator(req, res, body);
  }
}
