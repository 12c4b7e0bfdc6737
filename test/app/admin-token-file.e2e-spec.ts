import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateAdminToken } from '../../src/app/admin-token.file';

describe('the generated admin token file', () => {
  it('is created 0600 and read back unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-token-'));
    const first = await loadOrCreateAdminToken(dir);
    expect(first.created).toBe(true);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateAdminToken(dir);
    expect(again).toMatchObject({ token: first.token, created: false, tightened: false });
  });

  it('is made 0600 again when its mode is wider (a copy, an umask, a restore)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-token-'));
    const file = join(dir, 'admin-token');
    writeFileSync(file, 'adm_an-existing-token-of-enough-length\n');
    chmodSync(file, 0o644);
    const loaded = await loadOrCreateAdminToken(dir);
    expect(loaded).toMatchObject({ token: 'adm_an-existing-token-of-enough-length', tightened: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a too-short token file is replaced, and the new file is 0600 whatever the old mode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-token-'));
    const file = join(dir, 'admin-token');
    writeFileSync(file, 'short\n');
    chmodSync(file, 0o666);
    const loaded = await loadOrCreateAdminToken(dir);
    expect(loaded.created).toBe(true);
    expect(loaded.token).not.toBe('short');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
