/**
 * Preloaded into a benchmarked gateway (`node --expose-gc --require dist/bench/memory-probe.js`):
 * on SIGUSR2 it collects garbage (twice, so what a finaliser freed goes too) and writes
 * process.memoryUsage() as JSON to BENCH_MEMORY_FILE. Heap after a full collection is what the
 * process retains (caches, the catalog), not what the last second allocated.
 */
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    collect?.();
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...process.memoryUsage(), collected: Boolean(collect) }));
    // Renamed whole: the reader never sees half a file.
    renameSync(`${file}.tmp`, file);
  });
}
