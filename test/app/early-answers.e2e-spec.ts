import { connect, type Socket } from 'node:net';
import type { ChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';
import { parseRawResponse } from '../support/raw-http';

const MiB = 1024 * 1024;
/** 12 MiB: far over the default 1 MiB body limit. */
const UPLOAD = Buffer.alloc(12 * MiB, 0x20);
const UPLOADS = 50;
/** Uploads at once: enough for the answers to race the bodies, few enough for a 2-core machine. */
const CONCURRENCY = 5;
/** 50 × 12 MiB through the gateway takes seconds; room for a busy 2-core machine. */
const UPLOADS_TIMEOUT_MS = 120_000;

/** What a raw client saw: the bytes it read, whether the server half-closed first, and any socket error. */
interface RawOutcome {
  response: Buffer;
  serverEnded: boolean;
  error: string | null;
  bytesWritten: number;
}

/**
 * A request refused before its body is read (413 over the limit, 401 for a bad key, 404 for an unknown
 * slug) is answered with `Connection: close`, and the gateway then closes gracefully (a lingering
 * close): it half-closes and reads and drops the rest of the body, up to LINGERING_CLOSE_MAX_BYTES
 * and LINGERING_CLOSE_MAX_MS, so the client reads its answer instead of an EPIPE or a reset while
 * it is still sending.
 *
 * The gateway under test runs in a process of its own, as in production: undici's fetch copies a
 * 12 MiB body on the event loop before sending it (tens of milliseconds each, a second under load
 * with five at once), and a gateway sharing that loop would see its Redis command timeout fire
 * before the reply was read, answering 503 instead of the early answer this suite is about.
 */
describe('early answers reach a client that is still sending its body', () => {
  let setup: GatewayHarness;
  let gw: ChildGateway;
  let key: string;
  let slug: string;

  beforeAll(async () => {
    setup = await GatewayHarness.start({ INVALID_REQUEST_RATE_LIMIT: '100000' });
    ({ key } = await setup.createTenantWithKey({ tenantRateLimit: 100_000, keyRateLimit: 100_000 }));
    ({ slug } = await setup.createEndpoint({ defaultRateLimit: 100_000, upstreams: [{ baseUrl: 'http://127.0.0.1:9', path: '/never' }] }));
    gw = await setup.startSecondProcess({ INVALID_REQUEST_RATE_LIMIT: '100000' });
  });

  afterAll(async () => {
    await gw?.terminate();
    await setup?.close();
  });

  const cases = [
    { status: 413, code: 'payload_too_large', target: () => ({ slug, key }) },
    { status: 401, code: 'invalid_api_key', target: () => ({ slug, key: `${key.slice(0, -4)}${key.endsWith('aaaa') ? 'bbbb' : 'aaaa'}` }) },
    { status: 404, code: 'endpoint_not_found', target: () => ({ slug: 'infra.no_such_slug', key }) },
  ];

  for (const { status, code, target } of cases) {
    it(
      `${UPLOADS} uploads of 12 MiB through fetch all read their ${status} ${code}`,
      async () => {
        const outcomes = await inBatches(UPLOADS, async () => {
          const { slug: path, key: bearer } = target();
          try {
            const res = await fetch(`${gw.url}/api/public/v1/${path}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
              body: UPLOAD,
            });
            return { status: res.status, connection: res.headers.get('connection'), code: ((await res.json()) as any).error.code };
          } catch (err) {
            return { error: describeError(err) };
          }
        });
        expect(outcomes).toEqual(Array.from({ length: UPLOADS }, () => ({ status, connection: 'close', code })));
      },
      UPLOADS_TIMEOUT_MS,
    );

    it(
      `${UPLOADS} uploads of 12 MiB through a raw socket that writes the whole body all read their ${status} ${code}`,
      async () => {
        const outcomes = await inBatches(UPLOADS, async () => {
          const { slug: path, key: bearer } = target();
          const outcome = await rawUpload(gw.url, head(path, bearer, UPLOAD.length), (socket) => socket.end(UPLOAD));
          const response = parseRawResponse(outcome.response.toString('utf8'), false);
          return {
            error: outcome.error,
            serverEnded: outcome.serverEnded,
            status: response.status,
            connection: response.headers.connection,
            code: JSON.parse(response.body).error.code,
          };
        });
        expect(outcomes).toEqual(
          Array.from({ length: UPLOADS }, () => ({ error: null, serverEnded: true, status, connection: 'close', code })),
        );
      },
      UPLOADS_TIMEOUT_MS,
    );
  }
});

describe('the lingering close is bounded', () => {
  it('a client that never stops sending is cut once the gateway has read LINGERING_CLOSE_MAX_BYTES after its answer', async () => {
    const gw = await GatewayHarness.start({ LINGERING_CLOSE_MAX_BYTES: String(2 * MiB), LINGERING_CLOSE_MAX_MS: '120000' });
    try {
      const { key } = await gw.createTenantWithKey();
      const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: 'http://127.0.0.1:9', path: '/never' }] });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // Declares 1 GiB and writes 64 KiB chunks for as long as the socket takes them.
      const outcome = await rawUpload(gw.url, head(slug, key, 1024 * MiB), (socket) => {
        const more = () => {
          while (!socket.destroyed && socket.write(chunk));
        };
        socket.on('drain', more);
        more();
      });
      expect(parseRawResponse(outcome.response.toString('utf8'), false)).toMatchObject({ status: 413, headers: { connection: 'close' } });
      expect(outcome.serverEnded).toBe(true);
      // Cut after the bound (what the client wrote includes what the kernels still hold), long before 1 GiB.
      expect(outcome.bytesWritten).toBeGreaterThan(2 * MiB);
      expect(outcome.bytesWritten).toBeLessThan(256 * MiB);
    } finally {
      await gw.close();
    }
  });

  it('a client that stops sending without closing is cut after LINGERING_CLOSE_MAX_MS', async () => {
    const gw = await GatewayHarness.start({ LINGERING_CLOSE_MAX_MS: '200' });
    try {
      const { key } = await gw.createTenantWithKey();
      const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: 'http://127.0.0.1:9', path: '/never' }] });
      // The gateway's side of the connection: the test waits for it to close.
      const serverSideClosed = new Promise<void>((resolve) =>
        gw.app.getHttpServer().once('connection', (socket: Socket) => socket.once('close', () => resolve())),
      );
      // Sends 1 MiB of a declared 12 MiB and then nothing, never closing its side: only the time bound ends it.
      const { hostname, port } = new URL(gw.url);
      const chunks: Buffer[] = [];
      const client = connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => {
        client.write(head(slug, key, 12 * MiB));
        client.write(UPLOAD.subarray(0, MiB));
      });
      client.on('data', (chunk: Buffer) => chunks.push(chunk));
      const clientSawEnd = new Promise<void>((resolve) => client.once('end', resolve));
      await serverSideClosed;
      await clientSawEnd;
      expect(client.writableEnded).toBe(false);
      client.destroy();
      expect(parseRawResponse(Buffer.concat(chunks).toString('utf8'), false)).toMatchObject({
        status: 413,
        headers: { connection: 'close' },
      });
    } finally {
      await gw.close();
    }
  });
});

function head(slug: string, key: string, contentLength: number): Buffer {
  return Buffer.from(
    `POST /api/public/v1/${slug} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${key}\r\n` +
      `content-type: application/json\r\ncontent-length: ${contentLength}\r\n\r\n`,
  );
}

/**
 * Connects (half-open allowed, so only the server decides when the connection ends), writes `head`,
 * lets `send` write the body, reads everything the server sends, and resolves when the socket closes.
 */
function rawUpload(baseUrl: string, requestHead: Buffer, send: (socket: Socket) => void): Promise<RawOutcome> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let serverEnded = false;
    let error: string | null = null;
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => {
      socket.write(requestHead);
      send(socket);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The socket closes once both sides have ended (or on an error).
    socket.on('end', () => (serverEnded = true));
    socket.on('error', (err) => (error = describeError(err)));
    socket.on('close', () => resolve({ response: Buffer.concat(chunks), serverEnded, error, bytesWritten: socket.bytesWritten }));
  });
}

async function inBatches<T>(count: number, run: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i += CONCURRENCY) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - i) }, run))));
  }
  return results;
}

function describeError(err: unknown): string {
  let cause: unknown = err;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  return (cause as NodeJS.ErrnoException)?.code ?? String(cause);
}
