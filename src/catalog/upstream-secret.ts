/**
 * Provider secrets are never stored: an upstream names the environment variable that holds its
 * secret. Only variables with this prefix can be named, so the operator API (or a row written
 * around it) can never make the gateway send DATABASE_URL, ADMIN_TOKEN or any other variable of the
 * process to an upstream.
 */
export const UPSTREAM_SECRET_ENV_PREFIX = 'UPSTREAM_SECRET_';
export const UPSTREAM_SECRET_ENV_PATTERN = /^UPSTREAM_SECRET_[A-Z0-9_]{1,100}$/;

export function isUpstreamSecretEnv(name: string): boolean {
  return UPSTREAM_SECRET_ENV_PATTERN.test(name);
}
