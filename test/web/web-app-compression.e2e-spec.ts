import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * Compression negotiation of the web app's assets, on a fixture build holding the .br and .gz copies
 * that web/build/precompress.ts writes: the copy the client accepts, with Content-Encoding, Vary and
 * the asset's caching headers; identity otherwise; HEAD alike without a body. (The gateway sends no ETag:
 * hashed assets are immutable, so there is no 304 to negotiate.)
 */
const SCRIPT = Buffer.from(`console.log(${JSON.stringify('app '.repeat(600))});`);

function fixtureBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-app-z-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body></body></html>');
  const js = join(dir, 'assets', 'index-AbC123_x.js');
  writeFileSync(js, SCRIPT);
  writeFileSync(`${js}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${js}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'logo-Xy12.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dir;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Raw HTTP, so nothing decompresses or adds an Accept-Encoding of its own. */
function get(url: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the web app compressed', () => {
  let gw: GatewayHarness;
  let url: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ WEB_APP_DIR: fixtureBuild() });
    url = `${gw.url}/assets/index-AbC123_x.js`;
  });
  afterAll(() => gw?.close());

  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip', 'br;q=0, gzip;q=0.8', gunzipSync],
    ['br', '*', brotliDecompressSync],
  ] as const)('sends the %s copy for Accept-Encoding "%s", with the asset’s type and caching', async (coding, accept, decode) => {
    const res = await get(url, { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decode(res.body).equals(SCRIPT)).toBe(true);
  });

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0'])('sends the file as is for Accept-Encoding %s', async (accept) => {
    const res = await get(url, accept === undefined ? {} : { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.body.equals(SCRIPT)).toBe(true);
  });

  it('answers HEAD with the encoded copy’s headers and no body', async () => {
    const head = await get(url, { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get(url, { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('never compresses an already compressed type, and does not serve the copies by their own names', async () => {
    const png = await get(`${gw.url}/assets/logo-Xy12.png`, { 'Accept-Encoding': 'br, gzip' });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect((await get(`${url}.br`, {})).status).toBe(404);
  });
});
