import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { PageQuery } from '../../common/pagination/page.requests';
import type { SignedInUser } from '../../sessions/session-authenticator';
import { PasswordResetCreatedView } from '../../users/dto/password-reset.view';
import { InvitationPage, UserPage, UserView } from '../../users/dto/user.view';
import { ConsoleRoles, CurrentUser, SignedOutAllowed } from '../auth/console-session.guard';
import { SignInThrottlerGuard } from '../auth/sign-in-throttler.guard';
import { ConsoleApi } from '../console-api.decorator';
import { SessionView } from '../session/dto/session.view';
import { ConsoleUsersService } from './console-users.service';
import { AcceptInvitationRequest, ChangeRoleRequest, InspectInvitationRequest, InviteUserRequest } from './dto/users.requests';
import { InvitationCreatedView, InvitationPreviewView } from './dto/users.view';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/** The tenant's users (owners manage them) and invitations. Another tenant's user or invitation is 404. */
@ConsoleApi('users')
export class ConsoleUsersController {
  constructor(private readonly users: ConsoleUsersService) {}

  @Get('users')
  @ConsoleRoles('owner')
  @ApiOperation({ summary: "List your tenant's users, newest first (owners)" })
  @ApiOkResponse({ type: UserPage })
  list(@CurrentUser() owner: SignedInUser, @Query() query: PageQuery) {
    return this.users.list(owner, query);
  }

  @Post('users')
  @ConsoleRoles('owner')
  @ApiOperation({ summary: 'Invite a user with a role (owners): the token and its URL are shown this once' })
  @ApiCreatedResponse({ type: InvitationCreatedView })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  invite(@Req() req: Request, @CurrentUser() owner: SignedInUser, @Body() body: InviteUserRequest): Promise<InvitationCreatedView> {
    return this.users.invite(req, owner, body);
  }

  @Get('users/:id')
  @ConsoleRoles('owner')
  @ApiOperation({ summary: 'Read a user of your tenant (owners)' })
  @ApiOkResponse({ type: UserView })
  @NOT_FOUND
  get(@CurrentUser() owner: SignedInUser, @Param('id', ParseId) id: string): Promise<UserView> {
    return this.users.get(owner, id);
  }

  @Patch('users/:id')
  @ConsoleRoles('owner')
  @ApiOperation({ summary: "Change a user's role (owners); the tenant always keeps an owner" })
  @ApiOkResponse({ type: UserView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  changeRole(@CurrentUser() owner: SignedInUser, @Param('id', ParseId) id: string, @Body() body: ChangeRoleRequest): Promise<UserView> {
    return this.users.changeRole(owner, id, body);
  }

  @Delete('users/:id')
  @HttpCode(204)
  @ConsoleRoles('owner')
  @ApiOperation({ summary: 'Remove a user and end their sessions (owners); the tenant always keeps an owner' })
  @ApiNoContentResponse()
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  remove(@CurrentUser() owner: SignedInUser, @Param('id', ParseId) id: string): Promise<void> {
    return this.users.remove(owner, id);
  }

  @Post('users/:id/password-reset')
  @ConsoleRoles('owner')
  @ApiOperation({
    summary: "Issue a one-time password reset link for a user of your tenant (owners): shown this once; it voids the user's previous link",
    description: 'The user opens `reset_url` within 24 hours, sets a new password (which ends all their sessions) and is signed in.',
  })
  @ApiCreatedResponse({ type: PasswordResetCreatedView })
  @NOT_FOUND
  issuePasswordReset(
    @Req() req: Request,
    @CurrentUser() owner: SignedInUser,
    @Param('id', ParseId) id: string,
  ): Promise<PasswordResetCreatedView> {
    return this.users.issuePasswordReset(req, owner, id);
  }

  @Get('invitations')
  @ConsoleRoles('owner')
  @ApiOperation({ summary: 'List the invitations not accepted yet, newest first (owners); expired ones included' })
  @ApiOkResponse({ type: InvitationPage })
  listInvitations(@CurrentUser() owner: SignedInUser, @Query() query: PageQuery) {
    return this.users.listInvitations(owner, query);
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @ConsoleRoles('owner')
  @ApiOperation({ summary: 'Withdraw an invitation not accepted yet (owners)' })
  @ApiNoContentResponse()
  @NOT_FOUND
  withdrawInvitation(@CurrentUser() owner: SignedInUser, @Param('id', ParseId) id: string): Promise<void> {
    return this.users.withdrawInvitation(owner, id);
  }

  @Post('invitations/inspect')
  @HttpCode(200)
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary: 'What an invitation is for (organization, email, role), before accepting it',
    description: 'A POST, so the token stays out of URLs and access logs. The same tokens are valid as for accepting.',
  })
  @ApiOkResponse({ type: InvitationPreviewView })
  @ApiErrorResponses([
    { status: 400, codes: ['invalid_json', 'invalid_request', 'invalid_invitation'] },
    { status: 429, codes: ['rate_limited'], retryAfter: true },
  ])
  inspect(@Body() body: InspectInvitationRequest): Promise<InvitationPreviewView> {
    return this.users.inspectInvitation(body);
  }

  @Post('invitations/accept')
  @SignedOutAllowed()
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({ summary: 'Accept an invitation: creates your user with its role, and signs you in' })
  @ApiCreatedResponse({ type: SessionView, description: 'Signed in: the session cookie is set.' })
  @ApiErrorResponses([
    { status: 400, codes: ['invalid_json', 'invalid_request', 'invalid_invitation'] },
    { status: 409, codes: ['conflict'] },
    { status: 429, codes: ['rate_limited'], retryAfter: true },
  ])
  accept(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: AcceptInvitationRequest): Promise<SessionView> {
    return this.users.accept(req, res, body);
  }
}
