import { hash } from '@node-rs/argon2';
import { PASSWORD_HASH_OPTIONS, PasswordHasher, passwordLength } from '../../src/users/password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  beforeAll(() => hasher.onModuleInit());

  it('stores argon2id PHC strings with the chosen parameters and a fresh salt, never the password', async () => {
    const first = await hasher.hash('correct horse battery staple');
    const second = await hasher.hash('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=65536,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(first).not.toContain('correct horse');
    expect(PASSWORD_HASH_OPTIONS).toMatchObject({ memoryCost: 65_536, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right password only; an account-less check (no stored hash) says no', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse battery stapl')).toBe(false);
    expect(await hasher.verify(null, 'correct horse battery staple')).toBe(false);
    expect(await hasher.verify('not a PHC string', 'whatever it is')).toBe(false);
  });

  it('checks the dummy hash for an unknown account in about the time a real check takes', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    const time = async (storedHash: string | null) => {
      const start = process.hrtime.bigint();
      await hasher.verify(storedHash, 'wrong password here');
      return Number(process.hrtime.bigint() - start);
    };
    // Interleaved, medians: the same argon2 work either way (on a shared machine a loose bound, not a benchmark).
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(stored));
      unknown.push(await time(null));
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[3];
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(unknown)).toBeLessThan(median(known) * 3);
  });

  it('compares passwords after NFKC normalisation', async () => {
    // é as one code point and as e + combining accent; a full-width letter and its ASCII form.
    const stored = await hasher.hash('caf\u00e9 au lait, ABC');
    expect(await hasher.verify(stored, 'cafe\u0301 au lait, \uff21BC')).toBe(true);
    expect(await hasher.verify(stored, 'cafe au lait, ABC')).toBe(false);
  });

  it('wants a re-hash for hashes made under other parameters', async () => {
    expect(hasher.needsRehash(await hasher.hash('correct horse battery staple'))).toBe(false);
    const older = await hash('correct horse battery staple', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(hasher.needsRehash(older)).toBe(true);
    expect(hasher.needsRehash('garbage')).toBe(true);
  });

  it('counts a password in characters (code points), not UTF-16 units', () => {
    expect(passwordLength('abc')).toBe(3);
    expect(passwordLength('🔑🔑🔑')).toBe(3);
  });
});
