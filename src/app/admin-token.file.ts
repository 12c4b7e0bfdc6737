import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Without ADMIN_TOKEN, the operator token is generated once and kept in `<dataDir>/admin-token`
 * (mode 0600) so it survives restarts. Returns the token and the file it lives in; `tightened` says
 * the file was readable by others (a copy, an umask, a restore) and is now 0600 again.
 */
export async function loadOrCreateAdminToken(
  dataDir: string,
): Promise<{ token: string; file: string; created: boolean; tightened: boolean }> {
  const file = join(dataDir, 'admin-token');
  try {
    const token = (await readFile(file, 'utf8')).trim();
    if (token.length >= 24) {
      const tightened = ((await stat(file)).mode & 0o077) !== 0;
      if (tightened) await chmod(file, 0o600);
      return { token, file, created: false, tightened };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const token = `adm_${randomBytes(32).toString('base64url')}`;
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  // writeFile's mode only applies to a new file: a short, rejected token file keeps its old mode.
  await chmod(file, 0o600);
  return { token, file, created: true, tightened: false };
}
