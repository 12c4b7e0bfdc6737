import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';

/** Where an email stands when a sign-in attempt starts. */
export interface AttemptState {
  /** Attempts since the last success, this one included. */
  attempts: number;
  /** Sign-in for the email is refused until then; null: not locked. */
  lockedUntil: Date | null;
}

/**
 * The lockout's counters, one row per normalised email (existing or not). Every statement is one
 * atomic upsert or update, so concurrent attempts on one email each count exactly once.
 */
@Injectable()
export class SignInFailuresRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Counts an attempt before its password is checked (it stays counted unless it succeeds), so
   * that attempts running at the same moment cannot get past the limit together. A locked email
   * counts nothing. Attempts after a lock ended, or after a pause longer than `lockoutMs`, start
   * counting again from one.
   */
  async begin(email: string, lockoutMs: number): Promise<AttemptState> {
    const [row] = await this.prisma.$queryRaw<Array<{ attempts: number; locked_until: Date | null }>>`
      INSERT INTO sign_in_failures AS f (email, consecutive_failures, locked_until, updated_at)
      VALUES (${email}, 1, NULL, now())
      ON CONFLICT (email) DO UPDATE SET
        consecutive_failures = CASE
          WHEN f.locked_until > now() THEN f.consecutive_failures
          WHEN f.locked_until IS NOT NULL OR f.updated_at < now() - make_interval(secs => ${lockoutMs / 1000}::float8) THEN 1
          ELSE f.consecutive_failures + 1
        END,
        locked_until = CASE WHEN f.locked_until > now() THEN f.locked_until END,
        updated_at = CASE WHEN f.locked_until > now() THEN f.updated_at ELSE now() END
      RETURNING consecutive_failures AS attempts, CASE WHEN locked_until > now() THEN locked_until END AS locked_until`;
    return { attempts: row.attempts, lockedUntil: row.locked_until };
  }

  /** Locks the email for `lockoutMs` from now, unless it is locked already; returns until when it is locked. */
  async lock(email: string, lockoutMs: number): Promise<Date> {
    const [row] = await this.prisma.$queryRaw<Array<{ locked_until: Date }>>`
      UPDATE sign_in_failures
      SET locked_until = CASE WHEN locked_until > now() THEN locked_until ELSE now() + make_interval(secs => ${lockoutMs / 1000}::float8) END
      WHERE email = ${email}
      RETURNING locked_until`;
    return row?.locked_until ?? new Date(Date.now() + lockoutMs);
  }

  /** A success: the email's counter starts over. */
  async reset(email: string): Promise<void> {
    await this.prisma.signInFailure.deleteMany({ where: { email } });
  }

  /** Forgets counters that no longer count (no lock in force, last attempt older than `lockoutMs`); returns how many. */
  async pruneStale(lockoutMs: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM sign_in_failures
      WHERE updated_at < now() - make_interval(secs => ${lockoutMs / 1000}::float8)
        AND (locked_until IS NULL OR locked_until <= now())`;
  }
}
