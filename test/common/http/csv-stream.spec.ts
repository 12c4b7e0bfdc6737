import express from 'express';
import { once } from 'node:events';
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toCsv } from '../../../src/common/http/csv';
import { streamCsv } from '../../../src/common/http/csv-stream';
import { parseCsv } from '../../support/csv';
import { waitFor } from '../../support/wait-for';

/** Rows per page and pages of the export below: ~25 MB of CSV, far more than the socket buffers hold. */
const ROWS = 1000;
const PAGES = 300;

/**
 * streamCsv over a real socket: it reads the next page only once the client took the last one
 * (backpressure), so a client that does not read holds the reads back and the export holds a page
 * at a time whatever its length; a client that leaves stops the reads; the file is whole otherwise.
 */
describe('streamCsv', () => {
  let server: Server;
  let url: string;
  const state = { pagesRead: 0, finished: false, waiting: false };

  async function* pages() {
    try {
      for (let page = 0; page < PAGES; page++) {
        state.pagesRead++;
        yield Array.from({ length: ROWS }, (_, row) => [page * ROWS + row, `row ${row} of page ${page}, padded ${'x'.repeat(60)}`]);
      }
    } finally {
      state.finished = true;
    }
  }

  beforeAll(async () => {
    const app = express();
    app.get('/export', (_req, res) => {
      res.on('drain', () => (state.waiting = false));
      const write = res.write.bind(res) as (chunk: string) => boolean;
      // Records when the socket refused more (write returned false): streamCsv must then wait.
      res.write = ((chunk: string) => {
        const ok = write(chunk);
        if (!ok) state.waiting = true;
        return ok;
      }) as typeof res.write;
      void streamCsv(res, 'export.csv', ['n', 'text'], pages());
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => Object.assign(state, { pagesRead: 0, finished: false, waiting: false }));

  const open = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(url, { agent: false }, resolve);
      req.on('error', reject);
      req.end();
    });

  it('reads no further than the socket takes while the client does not read, then sends every row', async () => {
    const res = await open();
    res.pause();
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    await waitFor('the socket to refuse more', () => state.waiting);
    const whileStalled = state.pagesRead;
    // A page is ~80 KB: what the kernel's and Node's buffers hold, a small part of the export.
    expect(whileStalled).toBeLessThan(PAGES / 4);
    // Still stalled after the event loop has turned many times over: nothing reads ahead.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(state.pagesRead).toBe(whileStalled);

    res.resume();
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const rows = parseCsv(Buffer.concat(chunks).toString('utf8'));
    expect(rows).toHaveLength(1 + PAGES * ROWS);
    expect(rows[0]).toEqual(['n', 'text']);
    expect(rows[PAGES * ROWS]).toEqual([String(PAGES * ROWS - 1), `row ${ROWS - 1} of page ${PAGES - 1}, padded ${'x'.repeat(60)}`]);
    expect(state.finished).toBe(true);
  });

  it('stops reading when the client leaves', async () => {
    const res = await open();
    res.pause();
    await waitFor('the socket to refuse more', () => state.waiting);
    // The client hangs up (its own side reports the reset; that is the point).
    res.on('error', () => undefined);
    res.destroy();
    await waitFor('the pages to be closed', () => state.finished);
    expect(state.pagesRead).toBeLessThan(PAGES / 4);
  });
});

describe('CSV cells', () => {
  it('escapes what a spreadsheet would run as a formula, never a number, and quotes per RFC 4180', () => {
    const csv = toCsv(['a', 'b', 'c', 'd', 'e', 'f', 'g'], [['=1+2', '+cmd', '-x', '@SUM(A1)', '-0.0005', '12', 'say "hi", then\r\ngo']]);
    expect(parseCsv(csv)).toEqual([
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      ["'=1+2", "'+cmd", "'-x", "'@SUM(A1)", '-0.0005', '12', 'say "hi", then\r\ngo'],
    ]);
    expect(toCsv(['tab'], [['\tx']])).toBe("tab\r\n'\tx\r\n");
  });
});
