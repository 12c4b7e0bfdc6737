import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { ConsoleSessions } from '../../sessions/console-sessions';
import { RequestIntent } from '../../sessions/request-intent';
import type { SignedInUser } from '../../sessions/session-authenticator';
import { PasswordResetCreatedView } from '../../users/dto/password-reset.view';
import { InvitationView, UserView } from '../../users/dto/user.view';
import { InvitationsService } from '../../users/invitations.service';
import { PasswordResetsService } from '../../users/password-resets.service';
import { UsersService } from '../../users/users.service';
import { ConsoleSessionService } from '../session/console-session.service';
import type { SessionView } from '../session/dto/session.view';
import type { AcceptInvitationRequest, ChangeRoleRequest, InspectInvitationRequest, InviteUserRequest } from './dto/users.requests';
import type { InvitationCreatedView, InvitationPreviewView } from './dto/users.view';

/** The console page that accepts an invitation (served by the web app); the token goes in the fragment. */
export const INVITATION_ACCEPT_PATH = '/console/accept-invitation';

/** An owner's management of the tenant's users, invitations and reset links, and accepting an invitation. */
@Injectable()
export class ConsoleUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly sessions: ConsoleSessions,
    private readonly session: ConsoleSessionService,
    private readonly intent: RequestIntent,
    private readonly resets: PasswordResetsService,
  ) {}

  async list(owner: SignedInUser, { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    return toPage(await this.users.listInTenant(tenantOf(owner), limit + 1, cursor), limit, UserView.from);
  }

  async invite(req: Request, owner: SignedInUser, body: InviteUserRequest): Promise<InvitationCreatedView> {
    const { invitation, token } = await this.invitations.invite(tenantOf(owner), owner.id, body.email, body.role);
    const origin = this.intent.ownOrigin(req) ?? '';
    return { invitation: InvitationView.from(invitation), token, accept_url: `${origin}${INVITATION_ACCEPT_PATH}#token=${token}` };
  }

  async get(owner: SignedInUser, id: string): Promise<UserView> {
    return UserView.from(await this.users.getInTenant(tenantOf(owner), id));
  }

  /** The new role applies to the user's next request (roles are read on every request). */
  async changeRole(owner: SignedInUser, id: string, body: ChangeRoleRequest): Promise<UserView> {
    return UserView.from(await this.users.changeRole(tenantOf(owner), id, body.role));
  }

  /** The user and every session of theirs go (removing yourself signs you out). */
  async remove(owner: SignedInUser, id: string): Promise<void> {
    await this.users.removeFromTenant(tenantOf(owner), id);
    await this.sessions.endSessionsOf(id);
  }

  /** 404 for a user of another tenant (or an operator): owners reset their own tenant's passwords only. */
  async issuePasswordReset(req: Request, owner: SignedInUser, id: string): Promise<PasswordResetCreatedView> {
    const user = await this.users.getInTenant(tenantOf(owner), id);
    return PasswordResetCreatedView.from(this.intent.ownOrigin(req) ?? '', user.id, await this.resets.issue(user.id, owner.id));
  }

  async listInvitations(owner: SignedInUser, { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    return toPage(await this.invitations.listPending(tenantOf(owner), limit + 1, cursor), limit, InvitationView.from);
  }

  async inspectInvitation({ token }: InspectInvitationRequest): Promise<InvitationPreviewView> {
    const invitation = await this.invitations.inspect(token);
    return {
      organization: invitation.organization,
      email: invitation.email,
      role: invitation.role as InvitationPreviewView['role'],
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  withdrawInvitation(owner: SignedInUser, id: string): Promise<void> {
    return this.invitations.withdraw(tenantOf(owner), id);
  }

  /** Creates the invited user and signs in as them (a session of someone else on this browser is replaced). */
  async accept(req: Request, res: Response, body: AcceptInvitationRequest): Promise<SessionView> {
    const user = await this.invitations.accept(body.token, body.name, body.password);
    return this.session.startFor(req, res, user);
  }
}

/** Owner-only routes are reached by tenant users alone (@ConsoleRoles('owner')): an operator never gets here. */
function tenantOf(user: SignedInUser): string {
  if (!user.tenantId) throw new Error('a tenant route reached without a tenant user');
  return user.tenantId;
}
