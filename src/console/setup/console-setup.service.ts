import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_TOKEN } from '../../admin/auth/admin-token';
import { GatewayError } from '../../common/errors/error-catalog';
import { OperatorSetupService, type SetupProof } from '../../users/operator-setup.service';
import { ConsoleSessionService } from '../session/console-session.service';
import type { SessionView } from '../session/dto/session.view';
import type { CreateFirstOperatorRequest } from './dto/setup.requests';
import type { SetupStatusView } from './dto/setup.view';

/** The first-operator setup over HTTP: which proof was given, checking the admin token, signing the operator in. */
@Injectable()
export class ConsoleSetupService {
  private readonly adminTokenDigest: Buffer;

  constructor(
    private readonly setup: OperatorSetupService,
    private readonly session: ConsoleSessionService,
    @Inject(ADMIN_TOKEN) adminToken: string,
  ) {
    this.adminTokenDigest = createHash('sha256').update(adminToken).digest();
  }

  async status(): Promise<SetupStatusView> {
    return { first_operator_needed: await this.setup.open() };
  }

  /**
   * 409 operator_exists once any operator exists (whatever the proof: nobody adds an operator through
   * here behind the others' backs); 401 invalid_setup_token for a wrong admin token or a setup token
   * that is not live, the same answer for both, so it says nothing about which was close.
   */
  async createFirstOperator(req: Request, res: Response, body: CreateFirstOperatorRequest): Promise<SessionView> {
    if (!(await this.setup.open())) throw new GatewayError('operator_exists');
    const user = await this.setup.createFirst(body, this.proof(body));
    return this.session.startFor(req, res, user);
  }

  private proof({ setup_token, admin_token }: CreateFirstOperatorRequest): SetupProof {
    if ((setup_token === undefined) === (admin_token === undefined)) {
      throw new GatewayError('invalid_request', 'Give either setup_token (the link printed at start-up) or admin_token.');
    }
    if (setup_token !== undefined) return { kind: 'setup_token', token: setup_token };
    const presented = createHash('sha256').update(admin_token!).digest();
    if (!timingSafeEqual(presented, this.adminTokenDigest)) throw new GatewayError('invalid_setup_token');
    return { kind: 'admin_token' };
  }
}
