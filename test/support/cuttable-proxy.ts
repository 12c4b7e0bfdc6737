import { createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (Postgres or Redis) that a test can take down in two ways:
 * `refuse()` breaks every connection and refuses new ones (the server died), `blackhole()` keeps
 * connections open but drops every byte both ways (a network partition: nothing answers).
 */
export class CuttableProxy {
  private server!: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket | null }>();
  private mode: 'open' | 'refuse' | 'blackhole' = 'open';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<CuttableProxy> {
    const proxy = new CuttableProxy(target);
    proxy.server = createServer((client) => proxy.accept(client));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.port = (proxy.server.address() as { port: number }).port;
    return proxy;
  }

  /** A proxy in front of the Postgres of `databaseUrl`, and that database's URL through it. */
  static async forPostgres(databaseUrl: string): Promise<{ proxy: CuttableProxy; url: string }> {
    const url = new URL(databaseUrl);
    const proxy = await CuttableProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return { proxy, url: url.toString() };
  }

  /** The Redis URL through the proxy (for Postgres: forPostgres). */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** The server "goes down": live connections break, new ones are refused (same as refuse()). */
  cut(): void {
    this.refuse();
  }

  refuse(): void {
    this.mode = 'refuse';
    for (const pair of this.pairs) this.drop(pair);
  }

  blackhole(): void {
    this.mode = 'blackhole';
    for (const pair of this.pairs) {
      pair.client.unpipe();
      pair.upstream?.unpipe();
      pair.upstream?.destroy();
      pair.upstream = null;
      pair.client.resume(); // read and discard
    }
  }

  /** Back to forwarding: connections that were blackholed stay dead (clients reconnect). */
  restore(): void {
    if (this.mode === 'blackhole') for (const pair of this.pairs) this.drop(pair);
    this.mode = 'open';
  }

  async close(): Promise<void> {
    this.refuse();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'refuse') return void client.destroy();
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    this.pairs.add(pair);
    client.on('close', () => this.drop(pair));
    if (this.mode === 'blackhole') {
      client.resume();
      return;
    }
    const upstream = createConnection(this.target);
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => {
      if (pair.upstream === upstream) this.drop(pair);
    });
    client.pipe(upstream).pipe(client);
  }

  private drop(pair: { client: Socket; upstream: Socket | null }): void {
    this.pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  }
}
