import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isSiteNotFoundPath, isWebAppPath } from './web-app.paths';

/**
 * The HTML's Content-Security-Policy: everything from this origin only, no inline script or style,
 * no plugins, never framed. The built app needs nothing more (vite.config.ts keeps it so: no
 * inline module preload, no data: assets); test/web checks that pages raise no CSP violation.
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Always revalidated: a new deployment's index.html names new hashed assets.
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': WEB_APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Vite names every built asset `<name>-<content hash>.<ext>` under assets/: it never changes, so caches keep it a year. */
const ASSET_PATH = /^\/assets\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files at the root of the build (favicon.svg): cached for an hour. */
const ROOT_FILE_CACHE = 'public, max-age=3600';
/**
 * The client SDK's npm tarball (web/scripts/pack-sdk.mjs puts it in downloads/): the quick start's
 * `npm install <url>`. Its name keeps the version, which a rebuild does not change: revalidated.
 */
const DOWNLOAD_PATH = /^\/downloads\/[A-Za-z0-9_-]+(?:[.-][A-Za-z0-9_]+)*\.tgz$/;
const DOWNLOAD_HEADERS = { 'Cache-Control': 'no-cache', 'Content-Type': 'application/gzip' };

export interface WebAppBuild {
  dir: string;
  indexHtml: Buffer;
  /** `/favicon.svg` → the file name, for the unhashed files beside index.html. */
  rootFiles: Map<string, string>;
}

/** The built web app in `dir` (web/dist by default), or null when it has not been built. */
export function loadWebAppBuild(dir: string): WebAppBuild | null {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  const rootFiles = new Map<string, string>();
  for (const name of readdirSync(root)) {
    if (name === 'index.html' || name.startsWith('.') || !statSync(join(root, name)).isFile()) continue;
    rootFiles.set(`/${name}`, name);
  }
  return { dir: root, indexHtml: readFileSync(index), rootFiles };
}

/**
 * One Express middleware for the web app, registered after every API route (see WebAppModule): it
 * only sees requests no route answered. GET and HEAD of the app's own paths get index.html; its
 * hashed assets, root files and the SDK download are sent from disk. A browser's page request for a
 * path no page has (`/login`, GET or HEAD asking for HTML first) gets index.html with a 404: the app
 * shows its not-found page. Anything else goes on to the JSON 404 (the APIs, /docs, non-HTML requests).
 */
export function webAppHandler(build: WebAppBuild): RequestHandler {
  const assetsDir = join(build.dir, 'assets');
  // Named: the Express stack shows it as `serveWebApp` (the serving test checks where it sits).
  return function serveWebApp(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (ASSET_PATH.test(path)) {
      sendAsset(req, res, next, assetsDir, path.slice('/assets/'.length));
      return;
    }
    if (DOWNLOAD_PATH.test(path)) {
      sendFile(res, next, join(build.dir, 'downloads'), path.slice('/downloads/'.length), DOWNLOAD_HEADERS);
      return;
    }
    const rootFile = build.rootFiles.get(path);
    if (rootFile) {
      sendFile(res, next, build.dir, rootFile, { 'Cache-Control': ROOT_FILE_CACHE });
      return;
    }
    let status = 200;
    if (!isWebAppPath(path)) {
      if (!isSiteNotFoundPath(path) || req.accepts(['json', 'html']) !== 'html') return next();
      status = 404;
    }
    res.writeHead(status, { ...HTML_HEADERS, 'Content-Length': build.indexHtml.length });
    res.end(req.method === 'HEAD' ? undefined : build.indexHtml);
  };
}

/** The precompressed copies the build writes beside an asset (web/build/precompress.ts), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
const ASSET_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

/**
 * A hashed asset, as the precompressed copy the browser accepts (Accept-Encoding, q=0 honoured) when
 * the build wrote one, else as is; Vary keeps shared caches apart. Already compressed types (images
 * other than SVG, fonts) have no copies and are sent as is.
 */
function sendAsset(req: Request, res: Response, next: NextFunction, assetsDir: string, name: string): void {
  const headers: Record<string, string> = { 'Cache-Control': IMMUTABLE };
  if (name.endsWith('.br') || name.endsWith('.gz')) return next();
  const type = ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1)];
  if (type) {
    headers.Vary = 'Accept-Encoding';
    const accepted = acceptedCodings(req.headers['accept-encoding']);
    for (const { coding, suffix } of ENCODINGS) {
      if (!accepted.has(coding) || !existsSync(join(assetsDir, name + suffix))) continue;
      sendFile(res, next, assetsDir, name + suffix, { ...headers, 'Content-Type': type, 'Content-Encoding': coding });
      return;
    }
  }
  sendFile(res, next, assetsDir, name, headers);
}

/** The codings an Accept-Encoding header accepts (`*` stands for both; `;q=0` refuses). */
function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!coding || (q !== undefined && Number(q.slice(2)) === 0)) continue;
    if (coding === '*') ENCODINGS.forEach((e) => accepted.add(e.coding));
    else accepted.add(coding);
  }
  return accepted;
}

function sendFile(res: Response, next: NextFunction, root: string, name: string, headers: Record<string, string>): void {
  res.sendFile(
    name,
    { root, dotfiles: 'deny', cacheControl: false, headers: { ...headers, 'X-Content-Type-Options': 'nosniff' } },
    (err?: Error & { status?: number }) => {
      // A missing file is not the web app's: the JSON 404 answers, like any unknown path.
      if (err && !res.headersSent) next(err.status === 404 ? undefined : err);
    },
  );
}
