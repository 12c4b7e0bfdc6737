import { Injectable } from '@nestjs/common';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { ConsoleSessions } from '../../sessions/console-sessions';
import { UserView } from '../../users/dto/user.view';
import { UsersService } from '../../users/users.service';
import type { CreateOperatorRequest } from './dto/operator.requests';

/** Operator users: the people who sign in to the admin area. */
@Injectable()
export class AdminOperatorsService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: ConsoleSessions,
  ) {}

  async create(body: CreateOperatorRequest): Promise<UserView> {
    return UserView.from(await this.users.createOperator(body));
  }

  async list({ limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    return toPage(await this.users.listOperators(limit + 1, cursor), limit, UserView.from);
  }

  /** The operator and every session of theirs go. */
  async remove(id: string): Promise<void> {
    await this.users.removeOperator(id);
    await this.sessions.endSessionsOf(id);
  }
}
