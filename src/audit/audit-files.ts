import { createReadStream } from 'node:fs';
import { FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` as the whole of `path` (0600) and fsyncs it before resolving: for a file a rename or
 * removal of another depends on (an adopted file's replay checkpoint), which must not reach the disk
 * after them and be found empty after a power cut.
 */
export async function writeDurably(path: string, data: string): Promise<void> {
  const handle = await open(path, 'w', 0o600);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Appends `data` to `path` and fsyncs before resolving, so what the writer counts as spilled
 * survives a crash or a power cut. The file is private (0600: audit rows name tenants, keys and
 * client IPs), also when it already existed with a wider mode. A write that fails part-way (disk
 * full) is cut back off, so the file never keeps a torn line in its middle.
 */
export async function appendDurably(path: string, data: string): Promise<void> {
  const handle = await open(path, 'a+', 0o600); // a+: the last byte is read back (see below)
  let created = false;
  try {
    const { size, mode } = await handle.stat();
    created = size === 0;
    if ((mode & 0o077) !== 0) await handle.chmod(0o600);
    try {
      // A crash mid-append left a line without its newline: end it, so it cannot swallow the next one.
      if (size > 0 && !(await endsWithNewline(handle, size))) data = `\n${data}`;
      await handle.appendFile(data, 'utf8');
      await handle.sync();
    } catch (err) {
      await handle.truncate(size).catch(() => undefined);
      throw err;
    }
  } finally {
    await handle.close();
  }
  // A new file's directory entry must reach the disk too, or a crash can lose the whole file.
  if (created) await syncDirectory(dirname(path)).catch(() => undefined);
}

async function endsWithNewline(handle: FileHandle, size: number): Promise<boolean> {
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface FileLine {
  text: string;
  /** Byte offset of the line's first byte. */
  offset: number;
  /** Byte offset just past the line's newline: where reading resumes. */
  end: number;
  /** False for a last line without its newline: an append cut short by a crash. */
  terminated: boolean;
}

/**
 * The lines of a file from byte `start`, read as a stream (one chunk in memory at a time, not the
 * file). Lines split on bytes, so offsets are exact whatever the text contains.
 */
export async function* readLines(path: string, start = 0): AsyncGenerator<FileLine> {
  const stream = createReadStream(path, { start });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let offset = start;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        const piece = chunk.subarray(from, nl);
        const bytes = pendingBytes > 0 ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        pendingBytes = 0;
        const end = offset + bytes.length + 1;
        yield { text: bytes.toString('utf8'), offset, end, terminated: true };
        offset = end;
        from = nl + 1;
      }
      if (from < chunk.length) {
        pending.push(chunk.subarray(from));
        pendingBytes += chunk.length - from;
      }
    }
    if (pendingBytes > 0) {
      yield { text: Buffer.concat(pending).toString('utf8'), offset, end: offset + pendingBytes, terminated: false };
    }
  } finally {
    stream.destroy();
  }
}
