import { availableParallelism } from 'node:os';
import { ConfigValidationError, gatewayProcessCount, loadConfig, parseRedisClusterNodes } from '../../src/config/app-config';

describe('loadConfig', () => {
  it('refuses well-known placeholder admin tokens, listing the problem', () => {
    for (const token of [
      'change-me-to-a-long-random-operator-token', // the old docker-compose default
      'CHANGEME-CHANGEME-CHANGEME',
      'replace_me_with_a_real_operator_token',
      'your-admin-token-goes-here-please',
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'abababababababababababababab', // 2 distinct characters
    ]) {
      expect(() => loadConfig({ ADMIN_TOKEN: token })).toThrow(ConfigValidationError);
      expect(() => loadConfig({ ADMIN_TOKEN: token })).toThrow(/ADMIN_TOKEN looks like a placeholder/);
    }
  });

  it('accepts a generated admin token and a missing one (generated into DATA_DIR)', () => {
    expect(loadConfig({ ADMIN_TOKEN: 'adm_3q2xZ8vK1pLw9RtY7uN4mB6cD0eF' }).ADMIN_TOKEN).toBe('adm_3q2xZ8vK1pLw9RtY7uN4mB6cD0eF');
    expect(loadConfig({}).ADMIN_TOKEN).toBeUndefined();
  });

  it('GATEWAY_PROCESSES: one by default, 1 to 64 or auto (the cores); more than one needs REDIS_URL and DATABASE_URL', () => {
    const shared = { REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' };
    expect(gatewayProcessCount(loadConfig({}).GATEWAY_PROCESSES)).toBe(1);
    expect(gatewayProcessCount(loadConfig({ ...shared, GATEWAY_PROCESSES: '4' }).GATEWAY_PROCESSES)).toBe(4);
    expect(gatewayProcessCount(loadConfig({ ...shared, GATEWAY_PROCESSES: 'auto' }).GATEWAY_PROCESSES)).toBe(availableParallelism());
    expect(gatewayProcessCount(loadConfig({ GATEWAY_PROCESSES: '1' }).GATEWAY_PROCESSES)).toBe(1);
    for (const bad of ['0', '65', 'two', '-1', '1.5'])
      expect(() => loadConfig({ ...shared, GATEWAY_PROCESSES: bad })).toThrow(/GATEWAY_PROCESSES must be a number from 1 to 64, or auto/);
    expect(() => loadConfig({ GATEWAY_PROCESSES: '2' })).toThrow(
      /GATEWAY_PROCESSES: more than one process needs REDIS_URL and DATABASE_URL/,
    );
    expect(() => loadConfig({ GATEWAY_PROCESSES: '2', REDIS_URL: shared.REDIS_URL })).toThrow(/needs DATABASE_URL \(/);
    expect(() => loadConfig({ GATEWAY_PROCESSES: '2', DATABASE_URL: shared.DATABASE_URL })).toThrow(/needs REDIS_URL \(/);
    const cluster = { REDIS_CLUSTER_NODES: '10.0.0.1:7000', DATABASE_URL: shared.DATABASE_URL, GATEWAY_PROCESSES: '2' };
    expect(gatewayProcessCount(loadConfig(cluster).GATEWAY_PROCESSES)).toBe(2);
  });

  it('REDIS_CLUSTER_NODES: host:port items, not with REDIS_URL, and no braces in the key prefix', () => {
    expect(loadConfig({}).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(
      parseRedisClusterNodes(loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b.internal:7001,[::1]:7002' }).REDIS_CLUSTER_NODES!),
    ).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b.internal', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    for (const bad of ['10.0.0.1', 'redis://10.0.0.1:7000', '10.0.0.1:7000,', 'a:0', 'a:70000', 'a b:7000']) {
      expect(() => loadConfig({ REDIS_CLUSTER_NODES: bad })).toThrow(/REDIS_CLUSTER_NODES must list cluster nodes as host:port/);
    }
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_URL: 'redis://a:6379' })).toThrow(
      /set either REDIS_URL \(one Redis\) or REDIS_CLUSTER_NODES \(a Redis Cluster\), not both/,
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a:7000', REDIS_KEY_PREFIX: '{gw}:' })).toThrow(
      /REDIS_KEY_PREFIX: must not contain \{ or \}/,
    );
    expect(loadConfig({ REDIS_URL: 'redis://a:6379', REDIS_KEY_PREFIX: '{gw}:' }).REDIS_KEY_PREFIX).toBe('{gw}:'); // one Redis: no slots
  });

  it('AUDIT_RETENTION_MONTHS: 0 keeps every record (the default), otherwise at least 2 months', () => {
    expect(loadConfig({}).AUDIT_RETENTION_MONTHS).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_MONTHS: '0' }).AUDIT_RETENTION_MONTHS).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_MONTHS: '13' }).AUDIT_RETENTION_MONTHS).toBe(13);
    expect(() => loadConfig({ AUDIT_RETENTION_MONTHS: '1' })).toThrow(
      /AUDIT_RETENTION_MONTHS must be 0 \(keep every record\) or at least 2/,
    );
    expect(() => loadConfig({ AUDIT_RETENTION_MONTHS: 'a year' })).toThrow(/AUDIT_RETENTION_MONTHS/);
    expect(() => loadConfig({ AUDIT_PARTITIONS_AHEAD_MONTHS: '0' })).toThrow(/AUDIT_PARTITIONS_AHEAD_MONTHS/);
  });

  it('METRICS_PORT: off when unset, a port (0: any free one) when set, never the main port; METRICS_HOST on loopback by default', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0' });
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });

  it('console sessions and sign-in: defaults, bounds, a real SESSION_SECRET and an origin for CONSOLE_ORIGIN', () => {
    expect(loadConfig({})).toMatchObject({
      SESSION_IDLE_TIMEOUT_MS: 43_200_000,
      SESSION_MAX_LIFETIME_MS: 604_800_000,
      SIGN_IN_MAX_FAILURES: 5,
      SIGN_IN_DELAY_BASE_MS: 1000,
      SIGN_IN_DELAY_MAX_MS: 900_000,
      SIGN_IN_RATE_LIMIT: 30,
    });
    expect(loadConfig({}).SESSION_SECRET).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: 'Zq7vN2xK9pLw4RtY1uB6mC3dF8gH0jS5aE' }).SESSION_SECRET).toBe('Zq7vN2xK9pLw4RtY1uB6mC3dF8gH0jS5aE');
    expect(() => loadConfig({ SESSION_SECRET: 'too-short-secret' })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ SESSION_SECRET: 'change-me-change-me-change-me-change-me' })).toThrow(
      /SESSION_SECRET looks like a placeholder/,
    );
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_MS: '1000' })).toThrow(/SESSION_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ SIGN_IN_MAX_FAILURES: '0' })).toThrow(/SIGN_IN_MAX_FAILURES/);
    expect(() => loadConfig({ SIGN_IN_DELAY_MAX_MS: 'forever' })).toThrow(/SIGN_IN_DELAY_MAX_MS/);
    expect(() => loadConfig({ SIGN_IN_DELAY_BASE_MS: '10' })).toThrow(/SIGN_IN_DELAY_BASE_MS/);
    expect(() => loadConfig({ SIGN_IN_DELAY_BASE_MS: '60000', SIGN_IN_DELAY_MAX_MS: '30000' })).toThrow(
      /SIGN_IN_DELAY_BASE_MS: must not exceed SIGN_IN_DELAY_MAX_MS/,
    );
    expect(() => loadConfig({ SIGN_IN_RATE_LIMIT: '0' })).toThrow(/SIGN_IN_RATE_LIMIT/);
    expect(loadConfig({ CONSOLE_ORIGIN: 'https://console.example.com' }).CONSOLE_ORIGIN).toBe('https://console.example.com');
    for (const origin of ['https://console.example.com/', 'https://console.example.com/app', 'console.example.com', 'ftp://x.example']) {
      expect(() => loadConfig({ CONSOLE_ORIGIN: origin })).toThrow(/CONSOLE_ORIGIN must be an origin/);
    }
  });
});
