import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { sameHash } from './one-time-token';
import { OPERATORS_LOCK_KEY, UsersRepository, type UserDefinition, type StoredUser } from './users.repository';

/** The first-operator setup links (hashes only) and the creation of the first operator. */
@Injectable()
export class OperatorSetupRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UsersRepository,
  ) {}

  async addToken(tokenHash: Uint8Array<ArrayBuffer>, expiresAt: Date, now: Date): Promise<void> {
    await this.prisma.operatorSetupToken.create({ data: { tokenHash, expiresAt, createdAt: now } });
  }

  /** Setup links are void once an operator exists: their hashes go. */
  async deleteTokens(): Promise<void> {
    await this.prisma.operatorSetupToken.deleteMany({});
  }

  /**
   * Creates the first operator, under the lock operator removals take, so two first operators can
   * never both be created. 'operator_exists' when any operator exists already; 'invalid_token' when a
   * setup token hash is given and no unexpired link has it (compared in constant time against each
   * live one). Every setup link goes with the operator's creation.
   */
  createFirst(
    definition: UserDefinition,
    setupTokenHash: Uint8Array<ArrayBuffer> | null,
    now: Date,
  ): Promise<StoredUser | 'operator_exists' | 'invalid_token'> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OPERATORS_LOCK_KEY}::bigint)`;
      if ((await tx.user.count({ where: { role: 'operator', tenantId: null } })) > 0) return 'operator_exists';
      if (setupTokenHash) {
        const live = await tx.operatorSetupToken.findMany({ where: { expiresAt: { gt: now } }, select: { tokenHash: true } });
        if (!live.some((t) => sameHash(t.tokenHash, setupTokenHash))) return 'invalid_token';
      }
      await tx.operatorSetupToken.deleteMany({});
      return this.users.create(definition, tx);
    });
  }
}
