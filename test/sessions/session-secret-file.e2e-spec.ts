import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSessionSecret } from '../../src/sessions/session-secret.file';

describe('the generated session secret file', () => {
  it('is created 0600 and read back unchanged (so sessions survive a restart)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'session-secret-'));
    const first = await loadOrCreateSessionSecret(dir);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(43);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSessionSecret(dir)).toMatchObject({ secret: first.secret, created: false, tightened: false });
  });

  it('two processes starting together share one secret (the first to write wins)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'session-secret-'));
    const [a, b] = await Promise.all([loadOrCreateSessionSecret(dir), loadOrCreateSessionSecret(dir)]);
    expect(a.secret).toBe(b.secret);
  });

  it('is made 0600 again when its mode is wider, and a file too short to be a secret is an error, not replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'session-secret-'));
    const file = join(dir, 'session-secret');
    writeFileSync(file, 'an-existing-secret-of-enough-length-here\n');
    chmodSync(file, 0o644);
    expect(await loadOrCreateSessionSecret(dir)).toMatchObject({ secret: 'an-existing-secret-of-enough-length-here', tightened: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'short\n');
    await expect(loadOrCreateSessionSecret(dir)).rejects.toThrow(/no session secret of at least 32 characters/);
  });
});
