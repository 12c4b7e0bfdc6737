import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileOnce } from '../common/fs/write-file-once';

const SECRET_FILE = 'session-secret';

/**
 * Without SESSION_SECRET, the secret that signs session cookies is generated once into
 * `<dataDir>/session-secret` (mode 0600) and read back on every start, so sessions survive a
 * restart; processes sharing DATA_DIR share it (the first to write wins, and nobody reads it half written: writeFileOnce). `tightened`: the
 * file was readable by others and is 0600 again.
 */
export async function loadOrCreateSessionSecret(
  dataDir: string,
): Promise<{ secret: string; file: string; created: boolean; tightened: boolean }> {
  const file = join(dataDir, SECRET_FILE);
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret.length < 32) throw new Error(`${file} holds no session secret of at least 32 characters; remove it to generate one`);
    const tightened = ((await stat(file)).mode & 0o077) !== 0;
    if (tightened) await chmod(file, 0o600);
    return { secret, file, created: false, tightened };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  if (!(await writeFileOnce(file, `${secret}\n`))) return loadOrCreateSessionSecret(dataDir);
  return { secret, file, created: true, tightened: false };
}
