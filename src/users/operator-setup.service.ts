import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { Clock } from '../common/time/clock';
import { newOneTimeToken, oneTimeTokenHash, oneTimeTokenPattern } from './one-time-token';
import { OperatorSetupRepository } from './operator-setup.repository';
import { UsersRepository } from './users.repository';
import { conflictOnEmail, NewUser, UsersService } from './users.service';

/** A setup link printed at start-up works for this long (a restart prints a new one). */
export const SETUP_LINK_TTL_MS = 24 * 3_600_000;

const TOKEN_PREFIX = 'gws_';
const TOKEN_PATTERN = oneTimeTokenPattern(TOKEN_PREFIX);

/** How the creator of the first operator proves they run this gateway. */
export type SetupProof = { kind: 'admin_token' } | { kind: 'setup_token'; token: string };

/**
 * The first operator of a fresh install, created in the browser. While no operator exists, each
 * start-up issues a one-time setup link (only its hash is stored); the creator proves they run the
 * gateway with that link's token or with the admin token (checked by the caller, who holds it). Once
 * any operator exists, creation answers 409 operator_exists and every setup link is void: further
 * operators are added by operators, in the open.
 */
@Injectable()
export class OperatorSetupService {
  constructor(
    private readonly repository: OperatorSetupRepository,
    private readonly usersRepository: UsersRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /** Whether the setup is open: no operator exists yet. */
  async open(): Promise<boolean> {
    return !(await this.usersRepository.operatorExists());
  }

  /** A new setup link's token while no operator exists (null, and stale links deleted, once one does). */
  async issueSetupToken(): Promise<{ token: string; expiresAt: Date } | null> {
    if (!(await this.open())) {
      await this.repository.deleteTokens();
      return null;
    }
    const token = newOneTimeToken(TOKEN_PREFIX);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
    await this.repository.addToken(oneTimeTokenHash(token), expiresAt, now);
    return { token, expiresAt };
  }

  /** 409 operator_exists once an operator exists; 401 invalid_setup_token for a setup token that is not live. */
  async createFirst(user: NewUser, proof: SetupProof) {
    if (!(await this.open())) throw new GatewayError('operator_exists');
    let hash: Uint8Array<ArrayBuffer> | null = null;
    if (proof.kind === 'setup_token') {
      if (!TOKEN_PATTERN.test(proof.token)) throw new GatewayError('invalid_setup_token');
      hash = oneTimeTokenHash(proof.token);
    }
    const definition = await this.users.define(user, 'operator', null);
    let created;
    try {
      created = await this.repository.createFirst(definition, hash, this.clock.now());
    } catch (err) {
      throw conflictOnEmail(err);
    }
    if (created === 'operator_exists') throw new GatewayError('operator_exists');
    if (created === 'invalid_token') throw new GatewayError('invalid_setup_token');
    return created;
  }
}
