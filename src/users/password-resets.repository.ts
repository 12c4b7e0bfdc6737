import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { UserRole } from '../generated/prisma/enums';

/** Who a link resets and who issued it: what PasswordResetsService decides a link's validity by. */
export interface ResetParties {
  /** The tenant of the user whose password it resets (null: an operator's). */
  userTenantId: string | null;
  /**
   * The issuer as they are now; 'removed' when they are gone (their links go with them); null: the
   * admin token, or a link from before issuers were kept.
   */
  issuer: { role: UserRole; tenantId: string | null } | 'removed' | null;
}

/** Password reset links: at most one per user (issuing another replaces it), deleted when used. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user's link is now this one, issued by `issuedById`: a link issued before stops working. */
  async replace(userId: string, tokenHash: Uint8Array<ArrayBuffer>, expiresAt: Date, now: Date, issuedById: string | null): Promise<void> {
    await this.prisma.passwordReset.upsert({
      where: { userId },
      create: { userId, tokenHash, expiresAt, createdAt: now, issuedById },
      update: { tokenHash, expiresAt, createdAt: now, issuedById },
    });
  }

  /** The unexpired link with this token hash: whose (email and name) and its parties; null when there is none. */
  async findLive(tokenHash: Uint8Array<ArrayBuffer>, now: Date) {
    const reset = await this.prisma.passwordReset.findUnique({ where: { tokenHash } });
    if (!reset || reset.expiresAt <= now) return null;
    const { user, parties } = await partiesOf(this.prisma, reset);
    return { email: user.email, name: user.name, expiresAt: reset.expiresAt, ...parties };
  }

  /**
   * Uses the unexpired link with this token hash, if `valid` says its parties allow it: deletes it
   * and sets the user's password hash in one transaction. The user's id, or null when there is no
   * such link (a concurrent use counts as none) or its parties no longer allow it (it is deleted).
   */
  consume(
    tokenHash: Uint8Array<ArrayBuffer>,
    now: Date,
    passwordHash: string,
    valid: (parties: ResetParties) => boolean,
  ): Promise<string | null> {
    return this.prisma.$transaction(async (tx) => {
      const reset = await tx.passwordReset.findUnique({ where: { tokenHash } });
      if (!reset) return null;
      // The delete decides between two uses at once: one deletes it, the other deletes nothing.
      const { count } = await tx.passwordReset.deleteMany({ where: { tokenHash, expiresAt: { gt: now } } });
      if (count !== 1 || !valid((await partiesOf(tx, reset)).parties)) return null;
      await tx.user.update({ where: { id: reset.userId }, data: { passwordHash } });
      return reset.userId;
    });
  }
}

/**
 * The link's user and issuer as they are now, read one after the other (Prisma would send a read's
 * sibling relations at once on one connection, which pg 9 refuses).
 */
async function partiesOf(db: Pick<PrismaService, 'user'>, reset: { userId: string; issuedById: string | null }) {
  const user = await db.user.findUniqueOrThrow({ where: { id: reset.userId }, select: { email: true, name: true, tenantId: true } });
  const issuer = reset.issuedById
    ? await db.user.findUnique({ where: { id: reset.issuedById }, select: { role: true, tenantId: true } })
    : null;
  const parties: ResetParties = { userTenantId: user.tenantId, issuer: reset.issuedById && !issuer ? 'removed' : issuer };
  return { user, parties };
}
