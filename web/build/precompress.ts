import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text types worth compressing; images other than SVG, fonts and archives already are compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible asset of the build, at the highest
 * levels (done once at build time, not per request): the gateway sends the one the browser accepts
 * (src/web-app/web-app.handler.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gateway-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        const path = join(assets, name);
        if (!COMPRESSIBLE.test(name) || statSync(path).size < MIN_BYTES) continue;
        const raw = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        );
      }
    },
  };
}
