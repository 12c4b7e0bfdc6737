import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor } from '../../activity/actor';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { RequestIntent } from '../../sessions/request-intent';
import { TenantsService } from '../../tenants/tenants.service';
import { PasswordResetCreatedView } from '../../users/dto/password-reset.view';
import { UserView } from '../../users/dto/user.view';
import { PasswordResetsService } from '../../users/password-resets.service';
import { UsersService } from '../../users/users.service';

/** The operator's view of users across tenants. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly tenants: TenantsService,
    private readonly resets: PasswordResetsService,
    private readonly intent: RequestIntent,
  ) {}

  /** 404 for an unknown tenant (an empty page would read as a tenant without users). */
  async listOfTenant(tenantId: string, { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    await this.tenants.get(tenantId);
    return toPage(await this.users.listInTenant(tenantId, limit + 1, cursor), limit, UserView.from);
  }

  /** The link is the issuing operator's (it stops working should they stop being one); the admin token's is nobody's. */
  async issuePasswordReset(req: Request, id: string, actor: Actor): Promise<PasswordResetCreatedView> {
    const user = await this.users.get(id);
    const issuedById = actor.kind === 'operator_user' ? actor.id : null;
    return PasswordResetCreatedView.from(this.intent.ownOrigin(req) ?? '', user.id, await this.resets.issue(user.id, issuedById));
  }
}
