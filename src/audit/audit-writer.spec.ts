import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditSink, AuditWriter } from './audit-writer';
import type { AuditRecordInput } from './audit.types';

/** An in-memory sink that can be switched off, standing in for Postgres in these unit tests. */
class SwitchableSink implements AuditSink {
  readonly rows = new Map<string, AuditRecordInput>();
  up = true;
  attempts = 0;

  async insertBatch(records: AuditRecordInput[]): Promise<void> {
    this.attempts++;
    if (!this.up) throw new Error('connection refused');
    for (const r of records) this.rows.set(r.id, r);
  }
}

const quiet = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
let seq = 0;
function record(): AuditRecordInput {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    createdAt: new Date(1_700_000_000_000 + seq),
    tenantId: null,
    apiKeyId: null,
    endpointId: null,
    method: 'POST',
    httpStatus: 200,
    errorCode: null,
    latencyMs: 3,
    clientIp: '127.0.0.1',
    upstreamId: null,
    providersTried: 1,
    quantity: BigInt(seq),
    wholesalePicoUsd: 1000n,
    resalePicoUsd: 1500n,
    usageSource: 'reported',
    streamOutcome: null,
  };
}

function writer(sink: AuditSink, options: Partial<ConstructorParameters<typeof AuditWriter>[1]> = {}) {
  return new AuditWriter(sink, {
    batchSize: 10,
    flushIntervalMs: 60_000,
    bufferMax: 1000,
    spillDir: mkdtempSync(join(tmpdir(), 'audit-spill-')),
    logger: quiet,
    ...options,
  });
}

describe('AuditWriter', () => {
  it('writes by batch size without waiting for the interval, in order', async () => {
    const sink = new SwitchableSink();
    const w = writer(sink);
    const records = Array.from({ length: 25 }, record);
    records.forEach((r) => w.enqueue(r));
    await w.flush();
    expect([...sink.rows.keys()]).toEqual(records.map((r) => r.id));
    expect(w.stats()).toMatchObject({ buffered: 0, written: 25 });
  });

  it('keeps records through an outage and writes each exactly once after it', async () => {
    const sink = new SwitchableSink();
    const w = writer(sink);
    sink.up = false;
    const records = Array.from({ length: 15 }, record);
    records.forEach((r) => w.enqueue(r));
    await w.flush();
    expect(w.stats()).toMatchObject({ buffered: 15, written: 0, failedFlushes: 1 });
    expect(quiet.warn).toHaveBeenCalledTimes(1);
    sink.up = true;
    await w.flush();
    expect(sink.rows.size).toBe(15);
    expect(w.stats()).toMatchObject({ buffered: 0, written: 15 });
    expect(quiet.info).toHaveBeenCalledWith(expect.anything(), 'audit writes recovered');
  });

  it('past the bound, spills to disk (loudly) and replays once the sink is back', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const w = writer(sink, { bufferMax: 5, spillDir: dir });
    sink.up = false;
    const records = Array.from({ length: 12 }, record);
    records.forEach((r) => w.enqueue(r));
    await w.flush();
    expect(w.stats()).toMatchObject({ buffered: 5, spilled: 7 });
    expect(quiet.error).toHaveBeenCalled();
    sink.up = true;
    await w.flush();
    expect(sink.rows.size).toBe(12);
    expect(sink.rows.get(records[11].id)).toEqual(records[11]); // bigint and Date survive the file
    expect(readdirSync(dir)).toEqual([]);
  });

  it('drain at shutdown spills what the sink refuses; the next writer replays it', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const first = writer(sink, { spillDir: dir });
    sink.up = false;
    const records = Array.from({ length: 4 }, record);
    records.forEach((r) => first.enqueue(r));
    await first.drain(50);
    expect(readdirSync(dir)).toHaveLength(1);

    sink.up = true;
    const second = writer(sink, { spillDir: dir });
    await second.start();
    await second.drain(1000);
    expect([...sink.rows.keys()]).toEqual(records.map((r) => r.id));
    expect(readdirSync(dir)).toEqual([]);
  });
});
