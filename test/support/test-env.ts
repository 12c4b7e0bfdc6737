import { withDatabase } from '../../src/database/migrations/migrator';

/**
 * Where the tests find their servers — the one place that decides it, for the jest global setup
 * (which creates and migrates the test database) and for the tests and the processes they start.
 *
 *   Postgres server  DATABASE_URL (any database on it; the global setup replaces it with the test
 *                    database's URL for the workers), else postgresql://postgres@127.0.0.1:5432
 *   test database    TEST_DATABASE_NAME, else gateway_test (dropped and recreated on every run)
 *   Redis            REDIS_URL, else redis://127.0.0.1:6379
 */
export const DEFAULT_TEST_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_DATABASE_NAME = 'gateway_test';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** The Postgres server of the tests, as a URL of its `postgres` database. */
export function testServerUrl(): string {
  return withDatabase(process.env.DATABASE_URL || DEFAULT_TEST_SERVER_URL, 'postgres');
}

export function testDatabaseName(): string {
  return process.env.TEST_DATABASE_NAME || DEFAULT_TEST_DATABASE_NAME;
}

/** URL of the migrated (and catalog-seeded) test database. */
export function testDatabaseUrl(): string {
  return withDatabase(testServerUrl(), testDatabaseName());
}

export function testRedisUrl(): string {
  return process.env.REDIS_URL || DEFAULT_TEST_REDIS_URL;
}
