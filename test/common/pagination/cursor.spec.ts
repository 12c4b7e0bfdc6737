import { decodeKeyCursor, encodeCursor, encodeKeyCursor } from '../../../src/common/pagination/cursor';
import { GatewayError } from '../../../src/common/errors/error-catalog';

describe('key cursors (the reports paged by customer or tenant)', () => {
  const id = '0f1e2d3c-4b5a-4987-8695-a4b3c2d1e0f9';

  it('round-trip a UUID, the nil UUID included, as an opaque base64url string', () => {
    for (const key of [id, '00000000-0000-0000-0000-000000000000']) {
      const cursor = encodeKeyCursor(key);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursor).not.toContain(key);
      expect(decodeKeyCursor(cursor)).toBe(key);
    }
  });

  it('refuse anything else with invalid_request: another list’s cursor, a bare id, an uppercase or malformed UUID, garbage', () => {
    const refused = [
      encodeCursor({ createdAt: new Date('2026-11-24T00:00:00.000Z'), id }),
      id,
      Buffer.from(`key|${id.toUpperCase()}`).toString('base64url'),
      Buffer.from(`key|${id}x`).toString('base64url'),
      Buffer.from(`key|${id}\n`).toString('base64url'),
      Buffer.from(`key|' OR 1=1 --`).toString('base64url'),
      '',
      '%%%',
    ];
    for (const cursor of refused) {
      let error: unknown;
      try {
        decodeKeyCursor(cursor);
      } catch (err) {
        error = err;
      }
      expect([cursor, error instanceof GatewayError && error.code]).toEqual([cursor, 'invalid_request']);
    }
  });
});
