import type { Client, Pool } from 'pg';
import { waitFor } from './wait-for';

/** A pg client or pool, or a Prisma client or transaction: what can tell its own session's process. */
type Session = Pick<Client, 'query'> | { $queryRaw: <T>(query: TemplateStringsArray) => Promise<T> };

/** The server process of a session (pg_blocking_pids names sessions by it). */
export async function backendPid(session: Session): Promise<number> {
  if ('$queryRaw' in session) return (await session.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`)[0].pid;
  return (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
}

/**
 * Waits until at least `n` sessions are held up by a lock of one of `holders` (backendPid): the
 * lock waits a test lines up behind its own transactions, never those of the suites running
 * beside it on the same server. `db` runs the probe (any connection but the holders').
 */
export function sessionsBlockedBy(db: Pick<Pool, 'query'>, holders: number[], n: number, what: string): Promise<true> {
  return waitFor(what, async () => {
    const { rowCount } = await db.query('SELECT 1 FROM pg_stat_activity WHERE pg_blocking_pids(pid) && $1::int[]', [holders]);
    return (rowCount ?? 0) >= n || null;
  });
}
