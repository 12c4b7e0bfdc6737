import { randomBytes } from 'node:crypto';
import { link, unlink, writeFile } from 'node:fs/promises';

/**
 * Writes `content` to `file` unless the file exists, and never lets anyone see it half written:
 * the content goes to a temporary file of this call first, which is then hard-linked as `file`
 * (link fails when `file` exists). A process starting at the same moment (a shared DATA_DIR) thus
 * reads either no file or the whole of the winner's, never an empty one created by 'wx' and not
 * yet written. Returns false when `file` already existed: read it instead.
 */
export async function writeFileOnce(file: string, content: string, mode = 0o600): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode, flag: 'wx' });
  try {
    await link(temporary, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
