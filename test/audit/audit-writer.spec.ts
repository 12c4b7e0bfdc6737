import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AuditSink, AuditWriter, DeadLetter } from '../../src/audit/audit-writer';
import { spillLayout } from '../../src/audit/audit-writer.service';
import type { AuditRecord } from '../../src/audit/audit-record';
import { auditRecord } from '../support/audit-fixtures';
import { deferred, type Deferred } from '../support/deferred';
import { waitFor } from '../support/wait-for';

/** A pg-like error: what the sink sees when Postgres refuses a value (SQLSTATE class 22/23). */
function pgError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * An in-memory sink that can be switched off, standing in for Postgres in these unit tests. Like
 * Postgres it refuses a whole batch when one row is bad: here, a method longer than 8 characters
 * (22001) or one marked DUP (23514), as the real columns and constraints would.
 */
class SwitchableSink implements AuditSink {
  readonly rows = new Map<string, AuditRecord>();
  /** Every id of every batch that went in, to prove nothing is written twice. */
  readonly inserted: string[] = [];
  readonly batchSizes: number[] = [];
  readonly deadLetters: DeadLetter[] = [];
  up = true;
  deadLettersUp = true;
  attempts = 0;
  /** Fails (as an outage) after this many more successful batches. */
  failAfter = Infinity;

  async insertBatch(records: AuditRecord[]): Promise<void> {
    this.attempts++;
    if (!this.up) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    if (records.some((r) => r.method.length > 8)) throw pgError('value too long for type character varying(8)', '22001');
    if (records.some((r) => r.method === 'DUP')) throw pgError('new row violates check constraint', '23514');
    if (this.failAfter-- <= 0) {
      this.up = false;
      throw pgError('terminating connection due to administrator command', '57P01');
    }
    this.batchSizes.push(records.length);
    for (const r of records) {
      this.rows.set(r.id, r);
      this.inserted.push(r.id);
    }
  }

  async insertDeadLetters(letters: DeadLetter[]): Promise<void> {
    if (!this.up || !this.deadLettersUp) throw new Error('connection refused');
    this.deadLetters.push(...letters);
  }
}

/** A sink whose every insert waits until the test lets it answer (then answers as SwitchableSink). */
class GatedSink extends SwitchableSink {
  readonly gates: Deferred<void>[] = [];
  override async insertBatch(records: AuditRecord[]): Promise<void> {
    const gate = deferred<void>();
    this.gates.push(gate);
    await gate.promise;
    return super.insertBatch(records);
  }
}

function expectEachOnce(sink: SwitchableSink, records: AuditRecord[]): void {
  expect([...sink.inserted].sort()).toEqual(records.map((r) => r.id).sort());
}

const quiet = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
beforeEach(() => jest.clearAllMocks());
let seq = 0;
/** A record with an id and time in sequence (the writer keeps order), from the one fixture. */
function record(method = 'POST'): AuditRecord {
  seq++;
  return auditRecord({
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    createdAt: new Date(1_700_000_000_000 + seq),
    method,
    latencyMs: 3,
    clientIp: '127.0.0.1',
    quantity: BigInt(seq),
    wholesalePicoUsd: 1000n,
    resalePicoUsd: 1500n,
  });
}

function writer(sink: AuditSink, options: Partial<ConstructorParameters<typeof AuditWriter>[1]> = {}) {
  return new AuditWriter(sink, {
    batchSize: 10,
    flushIntervalMs: 60_000,
    bufferMax: 1000,
    spillDir: mkdtempSync(join(tmpdir(), 'audit-spill-')),
    deadLetterFile: join(mkdtempSync(join(tmpdir(), 'audit-dl-')), 'audit-dead-letter.ndjson'),
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

  it('a pass leaves what arrives during its insert for the next tick, unless it fills a batch or a caller flushes', async () => {
    const sink = new GatedSink();
    const w = writer(sink);
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    // A full batch starts a pass (the interval, a minute, never comes); three more arrive meanwhile.
    Array.from({ length: 10 }, record).forEach((r) => w.enqueue(r));
    await waitFor('the full batch in its insert', () => sink.gates.length === 1 || null);
    Array.from({ length: 3 }, record).forEach((r) => w.enqueue(r));
    sink.gates[0].resolve();
    await waitFor('the full batch written', () => w.stats().written === 10 || null);
    await turn();
    expect(sink.gates).toHaveLength(1);
    expect(w.stats().buffered).toBe(3);

    // Twelve more make a full batch again: that pass writes ten, and the three, waiting, go with them.
    Array.from({ length: 12 }, record).forEach((r) => w.enqueue(r));
    await waitFor('the next full batch in its insert', () => sink.gates.length === 2 || null);
    sink.gates[1].resolve();
    await waitFor('the next batch written', () => w.stats().written === 20 || null);
    await turn();
    expect(sink.gates).toHaveLength(2);
    expect(w.stats().buffered).toBe(5);

    // A tick during an insert (what the interval's timer calls): the pass writes what is held then.
    Array.from({ length: 5 }, record).forEach((r) => w.enqueue(r));
    await waitFor('the next full batch in its insert', () => sink.gates.length === 3 || null);
    Array.from({ length: 4 }, record).forEach((r) => w.enqueue(r));
    (w as unknown as { tick(): void }).tick();
    sink.gates[2].resolve();
    await waitFor('the records held at the tick in an insert of the same pass', () => sink.gates.length === 4 || null);
    sink.gates[3].resolve();
    await waitFor('them written', () => w.stats().written === 34 || null);
    await turn();
    expect(sink.gates).toHaveLength(4);

    // flush() is a caller waiting for what is held: the pass under way writes what arrives during it too.
    Array.from({ length: 5 }, record).forEach((r) => w.enqueue(r));
    const flushed = w.flush();
    await waitFor('the flush in its insert', () => sink.gates.length === 5 || null);
    Array.from({ length: 2 }, record).forEach((r) => w.enqueue(r));
    sink.gates[4].resolve();
    await waitFor('the arrivals in an insert of the same pass', () => sink.gates.length === 6 || null);
    sink.gates[5].resolve();
    await flushed;
    expect(sink.batchSizes).toEqual([10, 10, 10, 4, 5, 2]);
    expect(w.stats()).toMatchObject({ buffered: 0, written: 41 });
  });

  it('records the disk refused are written by the next pass under steady traffic, not only once the buffer is empty', async () => {
    const sink = new GatedSink();
    const base = mkdtempSync(join(tmpdir(), 'audit-disk-'));
    writeFileSync(join(base, 'file'), '');
    const w = writer(sink, { bufferMax: 3, batchSize: 2, spillDir: join(base, 'file', 'spill') });
    // A full batch in its insert, one more call in the buffer, and two past the bound that the disk refuses.
    Array.from({ length: 2 }, record).forEach((r) => w.enqueue(r));
    await waitFor('the batch in its insert', () => sink.gates.length === 1 || null);
    w.enqueue(record());
    const refused = Array.from({ length: 2 }, record);
    refused.forEach((r) => w.enqueue(r));
    await waitFor('the disk refusing them', () => w.stats().spillFailedRecords === 2 || null);
    sink.gates[0].resolve();
    // The one call waits for the next tick; the refused records do not.
    await waitFor('the refused records in an insert of the same pass', () => sink.gates.length === 2 || null);
    sink.gates[1].resolve();
    await waitFor('them written', () => w.stats().spillFailedRecords === 0 || null);
    expect(refused.every((r) => sink.rows.has(r.id))).toBe(true);
    expect(w.stats().buffered).toBe(1);
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

  it('a long replay yields to live records between batches, and stops at shutdown; the rest is replayed exactly once later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const down = new SwitchableSink();
    down.up = false;
    const first = writer(down, { spillDir: dir, bufferMax: 1 });
    const spilled = Array.from({ length: 100 }, () => record());
    spilled.forEach((r) => first.enqueue(r));
    await first.drain(0);

    const sink = new SwitchableSink();
    const second = writer(sink, { spillDir: dir, batchSize: 10 });
    const live = Array.from({ length: 10 }, () => record());
    let draining = null as Promise<void> | null; // assigned in a callback: keep the declared type, not the narrowed `null`
    const insert = sink.insertBatch.bind(sink);
    sink.insertBatch = async (records) => {
      await insert(records);
      // After the 2nd replayed batch, a batch of live records arrives; after the 5th, a shutdown
      // whose grace period is already over.
      if (sink.batchSizes.length === 2) live.forEach((r) => second.enqueue(r));
      if (sink.batchSizes.length === 5) draining = second.drain(0);
    };
    await second.start();
    await waitFor('shutdown to begin', () => draining !== null, 10_000);
    await draining;
    const order = sink.inserted;
    const spilledIds = new Set(spilled.map((r) => r.id));
    // The live batch went in right after the batch during which it arrived, not after the replay.
    expect(order.slice(20, 30)).toEqual(live.map((r) => r.id));
    expect(order.filter((id) => spilledIds.has(id)).length).toBeLessThan(100); // stopped at shutdown
    expect(readdirSync(dir).length).toBeGreaterThan(0);

    const third = writer(sink, { spillDir: dir, batchSize: 10 });
    await third.start();
    await third.drain(1000);
    expect(sink.inserted.filter((id) => spilledIds.has(id)).sort()).toEqual([...spilledIds].sort());
    expect(new Set(sink.inserted).size).toBe(sink.inserted.length); // nothing written twice
  });

  it('a record enqueued after drain (a call that outlived its connection at shutdown) is on disk at once and replayed', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const first = writer(sink, { spillDir: dir });
    const early = record();
    first.enqueue(early);
    await first.drain(1000);
    const late = record();
    first.enqueue(late); // no flush will ever run again in this process
    expect(readFileSync(join(dir, 'audit-spill.ndjson'), 'utf8')).toContain(late.id);

    const second = writer(sink, { spillDir: dir });
    await second.start();
    await second.drain(1000);
    expect([...sink.rows.keys()]).toEqual([early.id, late.id]);
  });

  it('a spill write that fails does not crash the process (Node exits on an unhandled rejection)', () => {
    const base = mkdtempSync(join(tmpdir(), 'audit-crash-'));
    writeFileSync(join(base, 'not-a-dir'), '');
    const script = `
      const { AuditWriter } = require(${JSON.stringify(join(__dirname, '../../src/audit/audit-writer.ts'))});
      const w = new AuditWriter(
        { insertBatch: async () => { throw new Error('down'); }, insertDeadLetters: async () => { throw new Error('down'); } },
        { batchSize: 10, flushIntervalMs: 60000, bufferMax: 0, spillDir: ${JSON.stringify(join(base, 'not-a-dir', 'spill'))},
          deadLetterFile: ${JSON.stringify(join(base, 'dl.ndjson'))}, logger: { info() {}, warn() {}, error() {} } });
      w.enqueue({ id: 'a', createdAt: new Date(), method: 'GET', quantity: 1n, wholesaleMicroUsd: 1n, resaleMicroUsd: 1n });
      const check = () => w.stats().spillFailedRecords === 1 ? setTimeout(() => console.log('ALIVE', JSON.stringify(w.stats())), 50) : setImmediate(check);
      check();`;
    const child = spawnSync(process.execPath, ['-r', join(__dirname, '../support/ts-register.js'), '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stderr).not.toContain('ENOTDIR');
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('ALIVE');
  });

  it('a spill disk that fails keeps the records in memory, counted and logged once; once repaired, each lands exactly once', async () => {
    const sink = new SwitchableSink();
    const base = mkdtempSync(join(tmpdir(), 'audit-disk-'));
    const blocker = join(base, 'audit-spill');
    writeFileSync(blocker, ''); // the spill dir is a regular file: ENOTDIR/EEXIST, even for root
    const w = writer(sink, { bufferMax: 5, spillDir: join(blocker, 'spill') });
    sink.up = false;
    const records = Array.from({ length: 12 }, () => record());
    records.forEach((r) => w.enqueue(r));
    await waitFor('7 unspillable records', () => w.stats().spillFailedRecords === 7, 10_000);
    expect(w.stats()).toMatchObject({ buffered: 5, spilled: 0, spillFailedRecords: 7 });
    const diskErrors = () => quiet.error.mock.calls.filter(([, msg]) => String(msg).includes('cannot be written to disk'));
    expect(diskErrors()).toHaveLength(1);

    // More overflow and more retries while the disk stays broken: counted, not logged again.
    const more = Array.from({ length: 3 }, () => record());
    more.forEach((r) => w.enqueue(r));
    await w.flush();
    await waitFor('10 unspillable records', () => w.stats().spillFailedRecords === 10, 10_000);
    expect(diskErrors()).toHaveLength(1);

    // The disk is repaired while the database is still down: the next retry spills them.
    rmSync(blocker);
    await w.flush();
    await waitFor('the spill retry', () => w.stats().spillFailedRecords === 0, 10_000);
    expect(w.stats()).toMatchObject({ buffered: 5, spilled: 10 });
    expect(quiet.info).toHaveBeenCalledWith(expect.anything(), 'audit disk writes recovered');

    sink.up = true;
    await w.flush();
    expectEachOnce(sink, [...records, ...more]);
    expect(w.stats()).toMatchObject({ buffered: 0, spilled: 0, spillFailedRecords: 0, written: 15 });
  });

  it('records the disk refused go straight to the database once it is back, even if the disk is still broken', async () => {
    const sink = new SwitchableSink();
    const base = mkdtempSync(join(tmpdir(), 'audit-disk-'));
    writeFileSync(join(base, 'file'), '');
    const w = writer(sink, { bufferMax: 3, batchSize: 4, spillDir: join(base, 'file', 'spill') });
    sink.up = false;
    const records = Array.from({ length: 9 }, () => record());
    records.forEach((r) => w.enqueue(r));
    await waitFor('unspillable records', () => w.stats().spillFailedRecords === 6, 10_000);
    sink.up = true;
    await w.flush();
    expectEachOnce(sink, records);
    expect(w.stats()).toMatchObject({ buffered: 0, spillFailedRecords: 0, written: 9 });
  });

  it('a row the database refuses for its data is dead-lettered with the reason; its batch and later ones are written', async () => {
    const sink = new SwitchableSink();
    const w = writer(sink, { batchSize: 10 });
    const good = Array.from({ length: 23 }, () => record());
    const tooLong = record('TOOLONGMETHOD');
    const violates = record('DUP');
    const all = [...good.slice(0, 4), tooLong, ...good.slice(4, 15), violates, ...good.slice(15)];
    all.forEach((r) => w.enqueue(r));
    await w.flush();
    expectEachOnce(sink, good);
    expect(sink.deadLetters.map((l) => JSON.parse(l.record).id)).toEqual([tooLong.id, violates.id]);
    expect(sink.deadLetters[0].reason).toBe('value too long for type character varying(8) (SQLSTATE 22001)');
    expect(JSON.parse(sink.deadLetters[0].record)).toMatchObject({ method: 'TOOLONGMETHOD', quantity: String(tooLong.quantity) });
    expect(quiet.error).toHaveBeenCalledWith(
      { id: tooLong.id, reason: expect.stringContaining('22001') },
      expect.stringContaining('dead letter'),
    );
    expect(w.stats()).toMatchObject({ buffered: 0, written: 23, deadLettered: 2, failedFlushes: 0 });

    const later = Array.from({ length: 5 }, () => record());
    later.forEach((r) => w.enqueue(r));
    await w.flush();
    expectEachOnce(sink, [...good, ...later]);
  });

  it('an outage (not a data error) dead-letters nothing: the batch is kept and retried', async () => {
    const sink = new SwitchableSink();
    const w = writer(sink);
    sink.failAfter = 0; // 57P01 admin shutdown on the next batch
    const records = Array.from({ length: 4 }, () => record());
    records.forEach((r) => w.enqueue(r));
    await w.flush();
    expect(w.stats()).toMatchObject({ buffered: 4, deadLettered: 0, failedFlushes: 1 });
    sink.up = true;
    sink.failAfter = Infinity;
    await w.flush();
    expectEachOnce(sink, records);
    expect(sink.deadLetters).toEqual([]);
  });

  it('dead letters the database will not take either go to a private, fsynced dead-letter file', async () => {
    const sink = new SwitchableSink();
    sink.deadLettersUp = false;
    const file = join(mkdtempSync(join(tmpdir(), 'audit-dl-')), 'data', 'audit-dead-letter.ndjson'); // DATA_DIR not created yet
    const w = writer(sink, { deadLetterFile: file });
    const bad = record('TOOLONGMETHOD');
    const good = [record(), record()];
    [good[0], bad, good[1]].forEach((r) => w.enqueue(r));
    await w.flush();
    expectEachOnce(sink, good);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { at: expect.any(String), reason: expect.stringContaining('SQLSTATE 22001'), record: expect.objectContaining({ id: bad.id }) },
    ]);
    expect(w.stats()).toMatchObject({ deadLettered: 1, spillFailedRecords: 0 });
  });

  it('a dead letter neither the database nor the disk takes stays in memory, counted, until one of them does', async () => {
    const sink = new SwitchableSink();
    sink.deadLettersUp = false;
    const base = mkdtempSync(join(tmpdir(), 'audit-dl-'));
    writeFileSync(join(base, 'blocker'), '');
    const w = writer(sink, { deadLetterFile: join(base, 'blocker', 'audit-dead-letter.ndjson') });
    const bad = record('TOOLONGMETHOD');
    w.enqueue(bad);
    await w.flush();
    expect(w.stats()).toMatchObject({ deadLettered: 1, spillFailedRecords: 1 });
    sink.deadLettersUp = true;
    await w.flush();
    expect(sink.deadLetters.map((l) => JSON.parse(l.record).id)).toEqual([bad.id]);
    expect(w.stats()).toMatchObject({ deadLettered: 1, spillFailedRecords: 0 });
  });

  it('a dead letter held in memory whose store never answers at shutdown is listed in the shutdown’s last log line', async () => {
    const sink = new SwitchableSink();
    sink.deadLettersUp = false;
    const base = mkdtempSync(join(tmpdir(), 'audit-dl-'));
    writeFileSync(join(base, 'blocker'), '');
    const errors: Array<[object, string]> = [];
    const logger = { info: () => undefined, warn: () => undefined, error: (obj: object, msg: string) => void errors.push([obj, msg]) };
    const w = writer(sink, { deadLetterFile: join(base, 'blocker', 'audit-dead-letter.ndjson'), logger });
    const bad = record('TOOLONGMETHOD');
    w.enqueue(bad);
    await w.flush();
    expect(w.stats()).toMatchObject({ spillFailedRecords: 1 });
    // The database answers no more: the next flush takes the letter from memory and waits for ever.
    sink.insertDeadLetters = () => new Promise<void>(() => undefined);
    void w.flush();
    await w.drain(50);
    const last = errors.find(([, msg]) => msg.includes('this log line is their only copy'));
    expect(last?.[0]).toMatchObject({ deadLetters: [expect.objectContaining({ record: expect.stringContaining(bad.id) })] });
  });

  it('spill files are 0600, also one that existed with a wider mode', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    writeFileSync(join(dir, 'audit-spill.ndjson'), '');
    chmodSync(join(dir, 'audit-spill.ndjson'), 0o644);
    const w = writer(sink, { bufferMax: 0, spillDir: dir });
    sink.up = false;
    w.enqueue(record());
    await w.drain(0);
    // The append went into the existing file (then set aside for replay, as the sink is down).
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(statSync(join(dir, files[0])).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, files[0]), 'utf8').split('\n')).toHaveLength(2);
  });

  it('replay streams a spill file in batches; a torn last line is logged and skipped, a bad line or row never stalls it', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const good = Array.from({ length: 25 }, () => record());
    const poison = record('TOOLONGMETHOD');
    const line = (r: AuditRecord) => `${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`;
    const body = [...good.slice(0, 12).map(line), '{"id": "garbage\n', line(poison), ...good.slice(12).map(line)].join('');
    const torn = line(record()).slice(0, 40); // a crash mid-append: no newline, half a record
    const file = join(dir, 'audit-spill.ndjson.1.replaying');
    writeFileSync(file, body + torn);

    const w = writer(sink, { batchSize: 10, spillDir: dir });
    await w.start();
    expectEachOnce(sink, good);
    expect(Math.max(...sink.batchSizes)).toBeLessThanOrEqual(10);
    expect(sink.deadLetters.map((l) => l.reason)).toEqual([
      expect.stringContaining(`unreadable line at byte ${body.indexOf('{"id": "garbage')}`),
      expect.stringContaining('SQLSTATE 22001'),
    ]);
    expect(JSON.parse(sink.deadLetters[0].record)).toBe('{"id": "garbage');
    expect(quiet.error).toHaveBeenCalledWith(
      { file, offset: Buffer.byteLength(body), bytes: 40 },
      'torn last line in an audit spill file (crash mid-append); skipped',
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(w.stats()).toMatchObject({ written: 25, deadLettered: 2 });
    await w.drain(0);
  });

  it('a live spill file with a torn tail: the next append starts on a new line, so no record is swallowed', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    writeFileSync(join(dir, 'audit-spill.ndjson'), '{"id":"torn-by-a-cr'); // a crash mid-append, no newline
    const w = writer(sink, { bufferMax: 0, spillDir: dir });
    const records = [record(), record()];
    records.forEach((r) => w.enqueue(r));
    await waitFor('the spill', () => readFileSync(join(dir, 'audit-spill.ndjson'), 'utf8').includes(records[1].id), 10_000);
    await w.flush();
    expectEachOnce(sink, records);
    expect(sink.deadLetters).toEqual([
      { record: '"{\\"id\\":\\"torn-by-a-cr"', reason: expect.stringContaining('unreadable line at byte 0') },
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('at start, the live spill file of an earlier process is set aside for replay even while the database is down', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const earlier = record();
    const line = JSON.stringify(earlier, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    writeFileSync(join(dir, 'audit-spill.ndjson'), `${line}\n{"id":"torn`);
    sink.up = false;
    const w = writer(sink, { bufferMax: 0, spillDir: dir });
    await w.start();
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^audit-spill\.ndjson\.\d+\.replaying$/)]);
    const r = record();
    w.enqueue(r);
    sink.up = true;
    await w.drain(5000);
    expectEachOnce(sink, [earlier, r]);
    expect(sink.deadLetters).toEqual([]);
    expect(quiet.error).toHaveBeenCalledWith(
      expect.objectContaining({ offset: Buffer.byteLength(line) + 1, bytes: 11 }),
      'torn last line in an audit spill file (crash mid-append); skipped',
    );
  });

  it('a replay cut by an outage resumes where it stopped: nothing is written twice', async () => {
    const sink = new SwitchableSink();
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const first = writer(sink, { bufferMax: 0, spillDir: dir, batchSize: 10 });
    sink.up = false;
    const records = Array.from({ length: 35 }, () => record());
    records.forEach((r) => first.enqueue(r));
    await first.drain(0);

    sink.up = true;
    sink.failAfter = 2; // two batches land, then the database goes away mid-replay
    const second = writer(sink, { spillDir: dir, batchSize: 10 });
    await second.start();
    expect(sink.inserted).toHaveLength(20);
    expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/\.replaying$/), expect.stringMatching(/\.replaying\.offset$/)]);

    sink.up = true;
    sink.failAfter = Infinity;
    await second.drain(5000);
    expectEachOnce(sink, records);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a sink that never answers does not hold a drain past its deadline: what it carries is spilled, and replayed once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-spill-'));
    const silent: AuditSink = {
      insertBatch: () => new Promise<void>(() => undefined),
      insertDeadLetters: () => new Promise<void>(() => undefined),
    };
    const first = writer(silent, { spillDir: dir });
    const records = Array.from({ length: 25 }, () => record());
    records.forEach((r) => first.enqueue(r));
    await first.drain(50);
    expect(first.stats().spilled).toBe(25);
    const sink = new SwitchableSink();
    const second = writer(sink, { spillDir: dir });
    await second.start();
    await second.drain(1000);
    expectEachOnce(sink, records);
  });

  it('a spill file whose replay checkpoint cannot be read is not taken over (it would replay from its start): it waits in its directory', async () => {
    const orphan = mkdtempSync(join(tmpdir(), 'audit-spill-orphan-'));
    const lines = [record(), record()].map((r) => `${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`).join('');
    writeFileSync(join(orphan, 'audit-spill.ndjson.1.replaying'), lines);
    mkdirSync(join(orphan, 'audit-spill.ndjson.1.replaying.offset')); // read fails (EISDIR), as on a failing disk
    const sink = new SwitchableSink();
    const own = mkdtempSync(join(tmpdir(), 'audit-spill-own-'));
    const taker = writer(sink, { spillDir: own, adoptSpillDirs: () => Promise.resolve([orphan]) });
    await taker.start();
    await taker.drain(1000);
    expect(sink.inserted).toEqual([]);
    expect(readdirSync(orphan).sort()).toEqual(['audit-spill.ndjson.1.replaying', 'audit-spill.ndjson.1.replaying.offset']);
  });

  it('takes over the spill files of a directory no process writes any more, an interrupted replay from its checkpoint', async () => {
    const orphan = mkdtempSync(join(tmpdir(), 'audit-spill-orphan-'));
    const sink = new SwitchableSink();
    // A process of the orphaned directory: one replay cut by an outage (a checkpoint), then a live file.
    const gone = writer(sink, { bufferMax: 0, spillDir: orphan, batchSize: 10 });
    sink.up = false;
    const replaying = Array.from({ length: 25 }, () => record());
    replaying.forEach((r) => gone.enqueue(r));
    await gone.drain(0);
    sink.up = true;
    sink.failAfter = 1;
    const interrupted = writer(sink, { spillDir: orphan, batchSize: 10 });
    await interrupted.start();
    sink.up = false;
    const live = Array.from({ length: 7 }, () => record());
    live.forEach((r) => interrupted.enqueue(r));
    await interrupted.drain(0);
    expect(readdirSync(orphan).sort()).toEqual([
      'audit-spill.ndjson',
      expect.stringMatching(/\.replaying$/),
      expect.stringMatching(/\.replaying\.offset$/),
    ]);

    sink.up = true;
    sink.failAfter = Infinity;
    // A first taker stops between the checkpoint and the file (its move of the file fails here: a
    // directory in the way); the next taker is another process, with a directory of its own.
    const stopped = mkdtempSync(join(tmpdir(), 'audit-spill-stopped-'));
    const replayFile = readdirSync(orphan).find((f) => f.endsWith('.replaying'))!;
    const inTheWay = join(stopped, `${replayFile.slice(0, -'.replaying'.length)}.${basename(orphan)}.replaying`);
    mkdirSync(inTheWay);
    const first = writer(sink, { spillDir: stopped, adoptSpillDirs: () => Promise.resolve([orphan]) });
    await first.start();
    await first.drain(0);
    expect(readdirSync(orphan)).toContain(`${replayFile}.offset`);
    rmdirSync(inTheWay);
    const own = mkdtempSync(join(tmpdir(), 'audit-spill-own-'));
    const taker = writer(sink, { spillDir: own, adoptSpillDirs: () => Promise.resolve([orphan, stopped, join(orphan, 'missing')]) });
    await taker.start();
    await taker.drain(5000);
    // The first batch of the interrupted replay landed before the outage: its checkpoint kept it from a second insert.
    expectEachOnce(sink, [...replaying, ...live]);
    expect(readdirSync(orphan)).toEqual([]);
    expect(readdirSync(own)).toEqual([]);
    // The first taker's copy of the checkpoint, its file never moved, went with its directory's takeover.
    expect(readdirSync(stopped)).toEqual([]);
  });

  it('a spill directory another live process writes: the writer spills to a directory of its own instead, and does not take such a directory over', async () => {
    const lockTiming = { heartbeatMs: 20, staleMs: 400, waitMs: 200, pollMs: 10 };
    const held = join(mkdtempSync(join(tmpdir(), 'audit-spill-held-')), 'audit-spill');
    mkdirSync(held);
    const lines = [record(), record()].map((r) => `${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`).join('');
    writeFileSync(join(held, 'audit-spill.ndjson'), lines);
    writeFileSync(`${held}.lock`, JSON.stringify({ pid: 4242, host: 'another-host', token: 'theirs' }));
    // Its holder keeps touching it, as a live one does.
    const touching = setInterval(() => utimesSync(`${held}.lock`, new Date(), new Date()), 20);
    try {
      const own = join(held, 'process-1-ab');
      const sink = new SwitchableSink();
      sink.up = false;
      const second = writer(sink, { spillDir: held, ownSpillDir: () => own, lockTiming, bufferMax: 0 });
      await second.start();
      const spilled = [record(), record(), record()];
      spilled.forEach((r) => second.enqueue(r));
      await second.drain(0);
      // Its records went to its own directory; the held one's files are as their writer left them.
      expect(readdirSync(own)).toEqual([expect.stringMatching(/^audit-spill\.ndjson/)]);
      expect(readFileSync(join(held, 'audit-spill.ndjson'), 'utf8')).toBe(lines);

      sink.up = true;
      const taker = writer(sink, { adoptSpillDirs: () => Promise.resolve([held, own]), lockTiming });
      await taker.start();
      await taker.drain(1000);
      // The fallen-back directory is taken over (its process is done with it) and removed; the held one is left alone.
      expectEachOnce(sink, spilled);
      expect(existsSync(own)).toBe(false);
      expect(readFileSync(join(held, 'audit-spill.ndjson'), 'utf8')).toBe(lines);
    } finally {
      clearInterval(touching);
    }
  });

  it('spill layout: one process owns DATA_DIR/audit-spill, each worker a slot of its own; the unowned directories are taken over by the one process or by worker 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-layout-'));
    const root = join(dataDir, 'audit-spill');
    for (const slot of [0, 1, 2, 3]) mkdirSync(join(root, `worker-${slot}`), { recursive: true });
    mkdirSync(join(root, 'not-a-worker'));
    const one = spillLayout(dataDir, null);
    expect([one.spillDir, one.deadLetterFile]).toEqual([root, join(dataDir, 'audit-dead-letter.ndjson')]);
    expect((await one.adoptSpillDirs()).sort()).toEqual([0, 1, 2, 3].map((n) => join(root, `worker-${n}`)));
    const first = spillLayout(dataDir, { index: 0, count: 2 });
    expect([first.spillDir, first.deadLetterFile]).toEqual([join(root, 'worker-0'), join(dataDir, 'audit-dead-letter.worker-0.ndjson')]);
    expect((await first.adoptSpillDirs()).sort()).toEqual([root, join(root, 'worker-2'), join(root, 'worker-3')].sort());
    const second = spillLayout(dataDir, { index: 1, count: 2 });
    expect([second.spillDir, await second.adoptSpillDirs()]).toEqual([join(root, 'worker-1'), []]);
    // No DATA_DIR/audit-spill yet: nothing to take over.
    expect(await spillLayout(mkdtempSync(join(tmpdir(), 'audit-layout-')), null).adoptSpillDirs()).toEqual([]);
  });
});
