/**
 * Framework floors for `npm run bench`: the bare proxy of bench/bare-proxy.ts (same undici client,
 * same work, nothing else), served by the web framework the gateway runs on instead of node:http.
 *   FRAMEWORK=express  one route on a bare Express 5 app
 *   FRAMEWORK=nest     one controller on NestJS + @nestjs/platform-express (body parser off, as the gateway)
 * What these cost above (b) is the framework's share; what the gateway costs above FRAMEWORK=nest
 * is the gateway's own work (auth, limits, billing, audit). Env: PORT, UPSTREAM_URL, FRAMEWORK.
 */
import 'reflect-metadata';
import { Controller, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Request, type Response } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

const upstream = process.env.UPSTREAM_URL!;
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 512 });

/** The same proxying as bench/bare-proxy.ts. */
async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const answer = await request(`${upstream}${req.url}`, {
      method: req.method as 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      dispatcher: agent,
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    res.writeHead(answer.statusCode, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(502).end();
  }
}

@Controller()
class ProxyController {
  @Post('*path')
  forward(@Req() req: Request, @Res() res: Response): Promise<void> {
    return proxy(req, res);
  }
}

@Module({ controllers: [ProxyController] })
class ProxyModule {}

async function listen(): Promise<Server> {
  if (process.env.FRAMEWORK === 'nest') {
    const app = await NestFactory.create<NestExpressApplication>(ProxyModule, { bodyParser: false, logger: false });
    app.set('etag', false);
    app.disable('x-powered-by');
    await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
    return app.getHttpServer() as Server;
  }
  const app = express();
  app.set('etag', false);
  app.disable('x-powered-by');
  app.post('/*path', (req, res) => proxy(req, res));
  return new Promise((resolve) => {
    const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => resolve(server));
  });
}

listen().then((server) => {
  server.keepAliveTimeout = 60_000;
  process.stdout.write(`LISTENING ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
