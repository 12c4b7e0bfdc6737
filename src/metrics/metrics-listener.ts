import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GatewayMetrics } from './gateway-metrics';

/**
 * `GET /metrics` without authentication on METRICS_HOST:METRICS_PORT, a listener of its own (plain
 * node:http, none of the app's routes, middleware or limits), for a scraper on a private network
 * that should not hold the operator token. Off when METRICS_PORT is unset.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    private readonly metrics: GatewayMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The port it listens on (METRICS_PORT, or the one the system chose for 0); null when off. */
  get port(): number | null {
    return this.server ? (this.server.address() as AddressInfo).port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { METRICS_PORT: port, METRICS_HOST: host } = this.config;
    if (port === undefined) return;
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    new Logger('Metrics').log(`metrics on http://${host}:${this.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.url?.split('?')[0] !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    try {
      const body = await this.metrics.exposition();
      res.writeHead(200, { 'content-type': this.metrics.contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
    }
  }
}
