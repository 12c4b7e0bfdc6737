import { ActivityChange, ActivityLog, entryFields } from '../../src/activity/activity-log.repository';
import type { Actor } from '../../src/activity/actor';

/** ActivityLog in memory: the entries in the order written, none for a change of nothing (the fake transaction's client is not used). */
export class InMemoryActivityLog extends ActivityLog {
  readonly entries: Array<ActivityChange & { actor: Actor }> = [];

  record(_tx: unknown, actor: Actor, change: ActivityChange): Promise<void> {
    const fields = entryFields(change);
    if (fields !== null) this.entries.push({ ...change, ...fields, actor });
    return Promise.resolve();
  }
}
