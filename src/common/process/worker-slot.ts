/**
 * A gateway worker's place among the GATEWAY_PROCESSES workers of one gateway (node:cluster), set
 * by the primary in each worker's environment. A worker that exits is replaced in the same slot, so
 * what a worker keeps on disk by slot (its audit spill files) is taken up again by its replacement.
 */
export interface WorkerSlot {
  /** 0 to count − 1. */
  index: number;
  count: number;
}

export const WORKER_INDEX_ENV = 'GATEWAY_WORKER_INDEX';
export const WORKER_COUNT_ENV = 'GATEWAY_WORKER_COUNT';

/** The environment a worker of this slot is started with. */
export function workerSlotEnv(slot: WorkerSlot): Record<string, string> {
  return { [WORKER_INDEX_ENV]: String(slot.index), [WORKER_COUNT_ENV]: String(slot.count) };
}

/** This process's slot, or null for a gateway of one process (no primary set one). */
export function workerSlotOf(env: NodeJS.ProcessEnv = process.env): WorkerSlot | null {
  const index = Number(env[WORKER_INDEX_ENV]);
  const count = Number(env[WORKER_COUNT_ENV]);
  if (!env[WORKER_INDEX_ENV] || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || index < 0 || index >= count) return null;
  return { index, count };
}
