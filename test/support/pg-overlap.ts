import { Client } from 'pg';

/**
 * Watches every node-postgres client for a query sent while an earlier one on the same client has
 * not answered yet: what pg 8 queues with a deprecation warning and pg 9 refuses. Prisma sends the
 * queries of a read's sibling relations at once on one connection (in an interactive transaction,
 * or the one it opens for a read of several statements), so a repository reads such relations one
 * after another. `stop()` restores pg's query and returns what was caught.
 */
export function watchOverlappingQueries(): { sent: () => number; stop: () => string[] } {
  const inFlight = new WeakMap<Client, number>();
  const overlapping: string[] = [];
  let sent = 0;
  // pg's own query, called with each client as `this` (apply) below.
  const query = Reflect.get(Client.prototype, 'query') as (this: Client, ...args: unknown[]) => unknown;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    sent += 1;
    const running = inFlight.get(this) ?? 0;
    if (running > 0) overlapping.push(String((args[0] as { text?: string }).text ?? args[0]).slice(0, 120));
    inFlight.set(this, running + 1);
    const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const callback = args.findIndex((a) => typeof a === 'function');
    if (callback >= 0) {
      const given = args[callback] as (...results: unknown[]) => void;
      args[callback] = (...results: unknown[]) => {
        done();
        given(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown> | undefined;
    result?.then(done, done);
    return result;
  });
  return {
    sent: () => sent,
    stop: () => {
      spy.mockRestore();
      return overlapping;
    },
  };
}
