import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../../support/wait-for';

const ROOT = join(__dirname, '..', '..', '..');
export const WEB_DIR = join(ROOT, 'web');
export const WEB_DIST_INDEX = join(WEB_DIR, 'dist', 'index.html');
/** mkdir is atomic: the suite that creates it builds, the others wait for it to go. */
const BUILD_LOCK = join(WEB_DIR, '.build-lock');

function newestSourceMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSourceMtime(join(path, name))));
}

function isFresh(): boolean {
  let built: number;
  try {
    built = statSync(WEB_DIST_INDEX).mtimeMs;
  } catch {
    return false;
  }
  // The build packs the SDK too (dist/downloads/, web/scripts/pack-sdk.mjs): its sources count.
  const sources = [
    ...['src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package.json'].map((name) => join(WEB_DIR, name)),
    ...['src', 'package.json', 'README.md'].map((name) => join(WEB_DIR, '..', 'sdk', name)),
  ].map(newestSourceMtime);
  return Math.max(...sources) <= built;
}

/** A rebuild (type check, vite, the SDK's pack) on a busy 2-core machine: well past a test's 30 s. */
export const WEB_BUILD_TIMEOUT_MS = 300_000;

/**
 * The browser suites test the built app (web/dist), as `npm start` serves it. `npm test` builds it
 * first; a suite run on its own rebuilds it when a source file is newer than the build, so a test
 * never passes or fails against a stale build.
 */
export async function ensureWebAppBuilt(): Promise<void> {
  if (isFresh()) return;
  try {
    mkdirSync(BUILD_LOCK);
  } catch {
    await waitFor('another suite to finish building the web app', () => !exists(BUILD_LOCK), 120_000);
    if (isFresh()) return;
    return ensureWebAppBuilt();
  }
  try {
    if (!isFresh()) execFileSync('npm', ['run', 'build', '--workspace', 'web', '--silent'], { cwd: ROOT, stdio: 'pipe' });
  } finally {
    rmdirSync(BUILD_LOCK);
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
