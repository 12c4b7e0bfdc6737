import { createConnection, createServer, Server, Socket } from 'node:net';

/** A TCP proxy in front of the real Postgres that the test can cut and restore. */
export class CuttableProxy {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private open = true;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (!this.open) return client.destroy();
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Postgres "goes down": live connections break, new ones are refused. */
  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
