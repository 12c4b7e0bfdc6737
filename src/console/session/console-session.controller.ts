import { Body, Delete, Get, HttpCode, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import type { SignedInUser } from '../../sessions/session-authenticator';
import { AllowedWhileSuspended, CurrentUser, SignedOutAllowed } from '../auth/console-session.guard';
import { SignInThrottlerGuard } from '../auth/sign-in-throttler.guard';
import { ConsoleApi } from '../console-api.decorator';
import { ConsoleSessionService } from './console-session.service';
import { ChangePasswordRequest, SignInRequest, SignUpRequest } from './dto/session.requests';
import { SessionView } from './dto/session.view';

const SIGN_IN_LIMITED = ApiErrorResponses([{ status: 429, codes: ['rate_limited', 'account_locked'], retryAfter: true }]);

/** Signing up, in and out; the session; the password. */
@ConsoleApi('session')
export class ConsoleSessionController {
  constructor(private readonly sessions: ConsoleSessionService) {}

  @Post('signup')
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({ summary: 'Create an organisation (a tenant) and its owner, and sign in as that owner' })
  @ApiCreatedResponse({ type: SessionView, description: 'Signed in: the session cookie is set.' })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  @SIGN_IN_LIMITED
  signUp(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: SignUpRequest): Promise<SessionView> {
    return this.sessions.signUp(req, res, body);
  }

  @Post('session')
  @HttpCode(200)
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({ summary: 'Sign in with an email and a password (tenant users and operators alike)' })
  @ApiOkResponse({ type: SessionView, description: 'Signed in: a new session cookie is set.' })
  @ApiErrorResponses([{ status: 401, codes: ['invalid_credentials'] }])
  @SIGN_IN_LIMITED
  signIn(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: SignInRequest): Promise<SessionView> {
    return this.sessions.signIn(req, res, body);
  }

  @Get('session')
  @ApiOperation({ summary: 'The signed-in user, role, tenant, plan and CSRF token' })
  @ApiOkResponse({ type: SessionView })
  current(@Req() req: Request, @CurrentUser() user: SignedInUser): Promise<SessionView> {
    return this.sessions.current(req, user);
  }

  @Delete('session')
  @HttpCode(204)
  @AllowedWhileSuspended()
  @ApiOperation({ summary: 'Sign out: the session ends' })
  @ApiNoContentResponse()
  signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.sessions.signOut(req, res);
  }

  @Put('password')
  @HttpCode(204)
  @AllowedWhileSuspended()
  @ApiOperation({ summary: 'Change your password; your other sessions end (this one stays)' })
  @ApiNoContentResponse()
  @ApiErrorResponses([
    { status: 401, codes: ['not_signed_in', 'invalid_credentials'] },
    { status: 429, codes: ['rate_limited', 'account_locked'], retryAfter: true },
  ])
  changePassword(@Req() req: Request, @CurrentUser() user: SignedInUser, @Body() body: ChangePasswordRequest): Promise<void> {
    return this.sessions.changePassword(req, user, body);
  }
}
