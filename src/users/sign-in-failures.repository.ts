import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { AttemptStart, FAILURES_FORGOTTEN_AFTER_MS, PairState, SignInDelayPolicy, startAttempt } from './sign-in-delay';

/**
 * The sign-in delay's counters, one row per (normalised email, client address), the email existing
 * or not. An attempt is decided with the pair's row locked, so concurrent attempts of one pair each
 * count exactly once; the database's clock decides, so every process agrees.
 */
@Injectable()
export class SignInFailuresRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Counts an attempt before its password is checked (it stays counted unless it succeeds), or
   * refuses it when the pair must still wait (nothing counted then). See startAttempt.
   */
  begin(email: string, client: string, policy: SignInDelayPolicy): Promise<AttemptStart> {
    return this.prisma.$transaction(async (tx) => {
      // The pair's row, locked, in one statement: a new one for a first attempt (0 failures: counted
      // as none below). A DO UPDATE that changes nothing locks a row that is there, and inserts one
      // if it went meanwhile (a success's reset, the prune); an insert that did nothing, then a
      // SELECT … FOR UPDATE, found no row in that case.
      const [row] = await tx.$queryRaw<Array<{ consecutive_failures: number; retry_at: Date | null; updated_at: Date; now: Date }>>`
        INSERT INTO sign_in_failures AS f (email, client, consecutive_failures, retry_at, updated_at)
        VALUES (${email}, ${client}, 0, NULL, now())
        ON CONFLICT (email, client) DO UPDATE SET consecutive_failures = f.consecutive_failures
        RETURNING consecutive_failures, retry_at, updated_at, now() AS now`;
      const state: PairState | null =
        row.consecutive_failures === 0
          ? null
          : { consecutiveFailures: row.consecutive_failures, retryAt: row.retry_at, updatedAt: row.updated_at };
      const start = startAttempt(state, row.now, policy);
      if ('next' in start) {
        await tx.$executeRaw`
          UPDATE sign_in_failures
          SET consecutive_failures = ${start.next.consecutiveFailures}, retry_at = ${start.next.retryAt}, updated_at = ${start.next.updatedAt}
          WHERE email = ${email} AND client = ${client}`;
      }
      return start;
    });
  }

  /** A success: the pair's counter starts over (the email's other pairs keep theirs). */
  async reset(email: string, client: string): Promise<void> {
    await this.prisma.signInFailure.deleteMany({ where: { email, client } });
  }

  /** Forgets counters that no longer count (no wait in force, no attempt for a day); returns how many. */
  async pruneStale(): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM sign_in_failures
      WHERE updated_at < now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_MS / 1000}::float8)
        AND (retry_at IS NULL OR retry_at <= now())`;
  }
}
