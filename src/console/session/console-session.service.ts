import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createLocalAuthenticator, type Credentials } from '../../common/auth/local-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import { PlanView } from '../../plans/dto/plan.view';
import { PlanDefaultBudget } from '../../plans/plan-default-budget';
import { PlansService } from '../../plans/plans.service';
import { ConsoleSessions } from '../../sessions/console-sessions';
import { SignedInUser } from '../../sessions/session-authenticator';
import { TenantView } from '../../tenants/dto/tenant.view';
import { TenantsService } from '../../tenants/tenants.service';
import { CredentialsService, signInClient } from '../../users/credentials.service';
import { UserView } from '../../users/dto/user.view';
import type { StoredUser } from '../../users/users.repository';
import { UsersService } from '../../users/users.service';
import type { ChangePasswordRequest, SignInRequest, SignUpRequest } from './dto/session.requests';
import type { SessionView } from './dto/session.view';

/** Sign-up, sign-in (passport-local), the session, sign-out and password changes. */
@Injectable()
export class ConsoleSessionService {
  private readonly authenticate: (credentials: Credentials, res: Response, client: string) => Promise<StoredUser | false>;

  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly credentials: CredentialsService,
    private readonly users: UsersService,
    private readonly tenants: TenantsService,
    private readonly plans: PlansService,
    private readonly planBudget: PlanDefaultBudget,
  ) {
    this.authenticate = createLocalAuthenticator((email, password, client: string) => this.credentials.verify(email, password, { client }));
  }

  /**
   * A new tenant (the organisation) and its owner, in one transaction, then signed in. Only public
   * plans can be chosen here (another plan id reads as unknown); without a choice the tenant starts
   * on the operator's default plan for sign-ups, so it has that plan's bounds from its first call.
   * The plan's default monthly budget applies as for a tenant the operator creates.
   */
  async signUp(req: Request, res: Response, body: SignUpRequest): Promise<SessionView> {
    const planId = (await this.plans.forSignUp(body.plan_id ?? null))?.id ?? null;
    const owner = await this.users.define(body, 'owner', null);
    let created: StoredUser | undefined;
    const tenant = await this.tenants.create(
      { name: body.organization, kind: body.kind, planId, rateLimitPerWindow: null },
      async (tx, t) => {
        created = await this.users.create({ ...owner, tenantId: t.id }, tx);
      },
      // The new owner created it: the activity log's tenant.create names them.
      () => created && { kind: 'tenant_user', id: created.id, email: created.email },
    );
    // The plan's default budget is the owner's change too (they chose the plan, or signed up onto the default one).
    await this.planBudget.applyTo(tenant.id, planId, { kind: 'tenant_user', id: created!.id, email: created!.email });
    const user = await this.users.recordSignIn(created!.id);
    return this.view(user, await this.sessions.signIn(req, res, user.id));
  }

  /** 401 invalid_credentials, or 429 account_locked (with Retry-After) after too many failures of this email from this address. */
  async signIn(req: Request, res: Response, body: SignInRequest): Promise<SessionView> {
    const user = await this.authenticate({ email: body.email, password: body.password }, res, signInClient(req));
    if (!user) throw new GatewayError('invalid_credentials');
    return this.view(user, await this.sessions.signIn(req, res, user.id));
  }

  /** Starts a session for a user created just now (an accepted invitation). */
  async startFor(req: Request, res: Response, created: StoredUser): Promise<SessionView> {
    const user = await this.users.recordSignIn(created.id);
    return this.view(user, await this.sessions.signIn(req, res, user.id));
  }

  current(req: Request, user: SignedInUser): Promise<SessionView> {
    return this.view(user, req.session.csrfToken ?? '');
  }

  signOut(req: Request, res: Response): Promise<void> {
    return this.sessions.signOut(req, res);
  }

  /**
   * Checks the current password (with the same delays as sign-in: a stolen session cannot guess
   * it), sets the new one, and ends every other session of the user; this one stays.
   */
  async changePassword(req: Request, user: SignedInUser, body: ChangePasswordRequest): Promise<void> {
    await this.credentials.verify(user.email, body.current_password, { client: signInClient(req), signIn: false });
    await this.users.setPassword(user.id, body.new_password);
    await this.sessions.endSessionsOf(user.id, user.sessionId);
  }

  private async view(user: StoredUser, csrfToken: string): Promise<SessionView> {
    const tenant = user.tenantId ? await this.tenants.get(user.tenantId) : null;
    const plan = tenant?.planId ? await this.plans.get(tenant.planId) : null;
    return {
      user: UserView.from(user),
      tenant: tenant && TenantView.from(tenant),
      plan: plan && PlanView.from(plan),
      csrf_token: csrfToken,
    };
  }
}
