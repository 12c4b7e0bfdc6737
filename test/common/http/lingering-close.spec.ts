import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { lingerAfterEarlyAnswer } from '../../../src/common/http/lingering-close';

/**
 * The lingering close on a bare node:http server (the gateway's own tests: test/app/early-answers):
 * once the early answer is out, the socket no longer belongs to the HTTP server, so a request the
 * client pipelined after the refused body is never run.
 */
describe('lingerAfterEarlyAnswer', () => {
  let server: Server;
  const handled: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      handled.push(req.url ?? '');
      if (req.url === '/refuse') {
        lingerAfterEarlyAnswer(req, res, { maxBytes: 32 * 1024 * 1024, maxMs: 60_000 });
        res.writeHead(413, { 'content-type': 'application/json' }).end('{"error":{"code":"payload_too_large"}}');
      } else {
        res.end('ran');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a request pipelined after the refused body is not run; the client reads the one answer and the FIN', async () => {
    const { port } = server.address() as AddressInfo;
    const serverSideClosed = new Promise<void>((resolve) => server.once('connection', (socket: Socket) => socket.once('close', resolve)));
    const body = Buffer.alloc(1024 * 1024, 0x20);
    const chunks: Buffer[] = [];
    const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      client.write(`POST /refuse HTTP/1.1\r\nhost: x\r\ncontent-length: ${body.length}\r\n\r\n`);
      client.end(Buffer.concat([body, Buffer.from('GET /pipelined HTTP/1.1\r\nhost: x\r\n\r\n')]));
    });
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const clientClosed = new Promise<boolean>((resolve) => client.once('close', resolve));
    // The server parses (and would run) what it reads before it sees the client's FIN and closes.
    await serverSideClosed;
    expect(await clientClosed).toBe(false); // closed without an error
    expect(handled).toEqual(['/refuse']);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 413']);
    expect(text).toContain('payload_too_large');
  });
});
