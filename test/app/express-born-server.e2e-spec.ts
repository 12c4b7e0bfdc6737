import { Controller, Get, Module, Query, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Express, type Request } from 'express';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import { ExpressBornAdapter } from '../../src/app/express-born-server';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * ExpressBornAdapter (src/app/express-born-server.ts): the server's requests and responses are made
 * with the Express app's prototypes, so neither Express nor the data plane has to swap them; the
 * objects behave as Express's own (its getters and helpers, node:http's streams).
 */

/** The prototypes of each request and response as node:http hands them over, before any handler ran. */
function prototypesAtArrival(server: Server): Array<{ req: object | null; res: object | null }> {
  const seen: Array<{ req: object | null; res: object | null }> = [];
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ req: Object.getPrototypeOf(req) as object | null, res: Object.getPrototypeOf(res) as object | null });
  });
  return seen;
}

@Controller()
class EchoController {
  @Get('echo')
  echo(@Req() req: Request, @Query('q') q: string) {
    return { q, host: req.hostname, protocol: req.protocol, path: req.path, isRequest: req instanceof IncomingMessage };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('a server whose requests are born Express requests', () => {
  it('hands Express requests and responses with its prototypes already, and they work as Express’s own', async () => {
    const instance: Express = express();
    const app = await NestFactory.create<NestExpressApplication>(EchoModule, new ExpressBornAdapter(instance), { logger: false });
    await app.listen(0, '127.0.0.1');
    try {
      const seen = prototypesAtArrival(app.getHttpServer());
      const res = await fetch(`${await app.getUrl()}/echo?q=a%20b`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ q: 'a b', host: '127.0.0.1', protocol: 'http', path: '/echo', isRequest: true });
      expect(seen).toEqual([{ req: instance.request, res: instance.response }]);
    } finally {
      await app.close();
    }
  });

  it('keeps Nest’s own server where it asks for one it does not make (forceCloseConnections)', async () => {
    const app = await NestFactory.create<NestExpressApplication>(EchoModule, new ExpressBornAdapter(express()), {
      logger: false,
      forceCloseConnections: true,
    });
    await app.listen(0, '127.0.0.1');
    try {
      const seen = prototypesAtArrival(app.getHttpServer());
      expect((await fetch(`${await app.getUrl()}/echo?q=x`)).status).toBe(200);
      expect(seen).toEqual([{ req: IncomingMessage.prototype, res: ServerResponse.prototype }]);
    } finally {
      await app.close();
    }
  });

  it('is the gateway’s server: a public call and an operator call arrive as Express’s objects', async () => {
    const gw = await GatewayHarness.start();
    try {
      const instance: Express = gw.app.getHttpAdapter().getInstance();
      const seen = prototypesAtArrival(gw.app.getHttpServer());
      expect((await gw.call('no.such.slug', { key: null, body: {} })).status).toBe(401);
      expect((await gw.admin('GET', '/tenants?limit=1')).status).toBe(200);
      expect(seen).toEqual([
        { req: instance.request, res: instance.response },
        { req: instance.request, res: instance.response },
      ]);
    } finally {
      await gw.close();
    }
  });
});
