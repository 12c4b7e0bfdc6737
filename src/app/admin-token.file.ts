import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Without ADMIN_TOKEN, the operator token is generated once and kept in `<dataDir>/admin-token`
 * (mode 0600) so it survives restarts. Returns the token and the file it lives in.
 */
export async function loadOrCreateAdminToken(dataDir: string): Promise<{ token: string; file: string; created: boolean }> {
  const file = join(dataDir, 'admin-token');
  try {
    const token = (await readFile(file, 'utf8')).trim();
    if (token.length >= 24) return { token, file, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const token = `adm_${randomBytes(32).toString('base64url')}`;
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { token, file, created: true };
}
