import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ConsoleSessions } from '../../sessions/console-sessions';
import { PasswordResetsService } from '../../users/password-resets.service';
import { UsersService } from '../../users/users.service';
import { ConsoleSessionService } from '../session/console-session.service';
import type { SessionView } from '../session/dto/session.view';
import type { InspectPasswordResetRequest, UsePasswordResetRequest } from './dto/password-resets.requests';
import type { PasswordResetPreviewView } from './dto/password-resets.view';

/** Using a reset link: the new password, then no session of the old one survives, then a session of the new. */
@Injectable()
export class ConsolePasswordResetsService {
  constructor(
    private readonly resets: PasswordResetsService,
    private readonly users: UsersService,
    private readonly sessions: ConsoleSessions,
    private readonly session: ConsoleSessionService,
  ) {}

  async inspect({ token }: InspectPasswordResetRequest): Promise<PasswordResetPreviewView> {
    const found = await this.resets.inspect(token);
    return { email: found.email, name: found.name, expires_at: found.expiresAt.toISOString() };
  }

  /** Whoever held the account (a session opened with the forgotten or a leaked password) is signed out everywhere. */
  async use(req: Request, res: Response, body: UsePasswordResetRequest): Promise<SessionView> {
    const userId = await this.resets.use(body.token, body.password);
    await this.sessions.endSessionsOf(userId);
    return this.session.startFor(req, res, await this.users.get(userId));
  }
}
