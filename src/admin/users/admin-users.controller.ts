import { Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { type Actor, RequestActor } from '../../activity/actor';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { PageQuery } from '../../common/pagination/page.requests';
import { PasswordResetCreatedView } from '../../users/dto/password-reset.view';
import { UserPage } from '../../users/dto/user.view';
import { AdminApi } from '../admin-api.decorator';
import { AdminUsersService } from './admin-users.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/** Every tenant's users, as the operator reaches them: who they are, and a way back in when a password is lost. */
@AdminApi('users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get('tenants/:id/users')
  @ApiOperation({ summary: "List a tenant's users (name, email, role, last sign-in), newest first" })
  @ApiOkResponse({ type: UserPage })
  @NOT_FOUND
  listOfTenant(@Param('id', ParseId) tenantId: string, @Query() query: PageQuery) {
    return this.users.listOfTenant(tenantId, query);
  }

  @Post('users/:id/password-reset')
  @ApiOperation({
    summary:
      "Issue a one-time password reset link for any user, a tenant's or an operator: shown this once; it voids the user's previous link",
    description: 'The user opens `reset_url` within 24 hours, sets a new password (which ends all their sessions) and is signed in.',
  })
  @ApiCreatedResponse({ type: PasswordResetCreatedView })
  @NOT_FOUND
  issuePasswordReset(
    @Req() req: Request,
    @Param('id', ParseId) id: string,
    @RequestActor() actor: Actor,
  ): Promise<PasswordResetCreatedView> {
    return this.users.issuePasswordReset(req, id, actor);
  }
}
