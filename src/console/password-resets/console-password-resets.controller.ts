import { Body, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { SignedOutAllowed } from '../auth/console-session.guard';
import { SignInThrottlerGuard } from '../auth/sign-in-throttler.guard';
import { ConsoleApi } from '../console-api.decorator';
import { SessionView } from '../session/dto/session.view';
import { ConsolePasswordResetsService } from './console-password-resets.service';
import { InspectPasswordResetRequest, UsePasswordResetRequest } from './dto/password-resets.requests';
import { PasswordResetPreviewView } from './dto/password-resets.view';

const INVALID_LINK = ApiErrorResponses([
  { status: 400, codes: ['invalid_json', 'invalid_request', 'invalid_password_reset'] },
  { status: 429, codes: ['rate_limited'], retryAfter: true },
]);

/**
 * Using a password reset link (issued by an owner, POST /users/{id}/password-reset, or by an operator,
 * POST /api/admin/v1/users/{id}/password-reset): no session needed; limited like sign-in.
 */
@ConsoleApi('password resets')
export class ConsolePasswordResetsController {
  constructor(private readonly resets: ConsolePasswordResetsService) {}

  @Post('password-resets/inspect')
  @HttpCode(200)
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary: 'Whose password a reset link sets (email, name), before choosing the new one',
    description: 'A POST, so the token stays out of URLs and access logs. The same tokens are valid as for using it.',
  })
  @ApiOkResponse({ type: PasswordResetPreviewView })
  @INVALID_LINK
  inspect(@Body() body: InspectPasswordResetRequest): Promise<PasswordResetPreviewView> {
    return this.resets.inspect(body);
  }

  @Post('password-resets/use')
  @HttpCode(200)
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary: 'Set a new password with a reset link: the link is used up, every session of the user ends, and you are signed in as them',
  })
  @ApiOkResponse({ type: SessionView, description: 'Signed in: the session cookie is set.' })
  @INVALID_LINK
  use(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: UsePasswordResetRequest): Promise<SessionView> {
    return this.resets.use(req, res, body);
  }
}
