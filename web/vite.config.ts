import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

/**
 * The web app is built into web/dist and served by the gateway itself (src/web-app/): same origin as
 * the APIs, so the session cookie (SameSite=Strict) and the strict Content-Security-Policy need no
 * exceptions. `npm run dev --workspace web` proxies the APIs to a gateway on :3000.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  // The SDK (a workspace package) from its TypeScript sources: its package.json maps this condition
  // to src/, so the bundle needs no SDK build and tree-shakes it like the app's own code.
  resolve: { conditions: ['gateway-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /assets/: the gateway serves them as immutable.
    assetsDir: 'assets',
    sourcemap: false,
    // No inline <script> or data: module preload polyfill: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    // Without inlining, every asset is a file under /assets/ (no data: URLs the CSP would need to allow).
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/docs': 'http://127.0.0.1:3000',
    },
  },
});
