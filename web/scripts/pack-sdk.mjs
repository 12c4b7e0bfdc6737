// Packs the client SDK (../sdk) into dist/downloads/, after `vite build` has emptied dist/: the
// gateway serves it at /downloads/<file>.tgz, so the quick start's `npm install <url>` works against
// any gateway, with nothing published to a registry. npm pack runs the SDK's prepack (its build).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const destination = join(web, 'dist', 'downloads');
mkdirSync(destination, { recursive: true });
execFileSync('npm', ['pack', '--silent', '--pack-destination', destination], {
  cwd: join(web, '..', 'sdk'),
  stdio: ['ignore', 'ignore', 'inherit'],
});
