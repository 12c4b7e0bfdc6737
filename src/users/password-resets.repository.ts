import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';

/** Password reset links: at most one per user (issuing another replaces it), deleted when used. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user's link is now this one: a link issued before stops working. */
  async replace(userId: string, tokenHash: Uint8Array<ArrayBuffer>, expiresAt: Date, now: Date): Promise<void> {
    await this.prisma.passwordReset.upsert({
      where: { userId },
      create: { userId, tokenHash, expiresAt, createdAt: now },
      update: { tokenHash, expiresAt, createdAt: now },
    });
  }

  /** Who the unexpired link with this token hash is for (email and name); null when there is none. */
  async findLive(tokenHash: Uint8Array<ArrayBuffer>, now: Date) {
    const reset = await this.prisma.passwordReset.findUnique({
      where: { tokenHash },
      select: { expiresAt: true, user: { select: { email: true, name: true } } },
    });
    return reset && reset.expiresAt > now ? { ...reset.user, expiresAt: reset.expiresAt } : null;
  }

  /**
   * Uses the unexpired link with this token hash: deletes it and sets the user's password hash in one
   * transaction. The user's id, or null when there is no such link (a concurrent use counts as none).
   */
  consume(tokenHash: Uint8Array<ArrayBuffer>, now: Date, passwordHash: string): Promise<string | null> {
    return this.prisma.$transaction(async (tx) => {
      const reset = await tx.passwordReset.findUnique({ where: { tokenHash }, select: { userId: true } });
      if (!reset) return null;
      const { count } = await tx.passwordReset.deleteMany({ where: { tokenHash, expiresAt: { gt: now } } });
      if (count !== 1) return null;
      await tx.user.update({ where: { id: reset.userId }, data: { passwordHash } });
      return reset.userId;
    });
  }
}
