import type { Response } from 'express';
import { CSV_CONTENT_TYPE, csvLine, type CsvValue } from './csv';

/**
 * Writes a CSV download as its rows come: `pages` yields a page of rows at a time (read from
 * Postgres by keyset), and the next page is asked for only once the socket took the last one
 * (`write` returning false waits for `drain`), so a slow client holds the reads back and no more
 * than a page sits in memory, however long the range. The first page is read before anything is
 * sent, so a bad filter still gets its JSON error; a failure after that can only cut the download
 * short (the status is sent), which the missing last line shows. A client that leaves stops the reads.
 */
export async function streamCsv(
  res: Response,
  fileName: string,
  header: readonly string[],
  pages: AsyncIterable<ReadonlyArray<readonly CsvValue[]>>,
): Promise<void> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.attachment(fileName);
  res.type(CSV_CONTENT_TYPE);
  res.setHeader('Cache-Control', 'no-store');
  try {
    if (!(await write(res, csvLine(header)))) return;
    while (!next.done) {
      if (!(await write(res, next.value.map(csvLine).join('')))) return;
      next = await iterator.next();
    }
    res.end();
  } catch (err) {
    // The status and part of the body are sent: the only way left to say it failed is to cut it.
    res.destroy(err instanceof Error ? err : new Error(String(err)));
  } finally {
    if (!next.done) await iterator.return?.();
  }
}

/** Writes a chunk and waits until the socket can take more; false once the client has gone. */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}
