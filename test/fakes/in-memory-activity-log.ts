import { ActivityChange, ActivityLog, changedFields } from '../../src/activity/activity-log.repository';
import type { Actor } from '../../src/activity/actor';

/** ActivityLog in memory: the entries in the order written (the fake transaction's client is not used). */
export class InMemoryActivityLog extends ActivityLog {
  readonly entries: Array<ActivityChange & { actor: Actor }> = [];

  record(_tx: unknown, actor: Actor, change: ActivityChange): Promise<void> {
    const [before, after] = changedFields(change.before, change.after);
    this.entries.push({ ...change, before, after, actor });
    return Promise.resolve();
  }
}
