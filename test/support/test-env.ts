/**
 * Where the tests find their servers. The jest global setup creates and migrates the test database
 * and exports its URL as DATABASE_URL (and REDIS_URL) for every test worker.
 */
export const DEFAULT_TEST_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through jest (its global setup sets it)');
  return url;
}

export function testRedisUrl(): string {
  return process.env.REDIS_URL || DEFAULT_TEST_REDIS_URL;
}
