/**
 * Serves one request handler on the HTTP layer named by FRAMEWORK, so the benchmark floors run the
 * very same handler on each: unset = plain node:http; `express` = one route on a bare Express 5
 * app; `nest` = one controller on NestJS + @nestjs/platform-express (body parser off, as the
 * gateway). Listens on 127.0.0.1:PORT (0 = any), prints `LISTENING <port>`, exits on SIGTERM.
 */
import 'reflect-metadata';
import { Controller, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Request, type Response } from 'express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function listen(handler: Handler, framework: string | undefined, port: number): Promise<Server> {
  if (framework === 'nest') {
    @Controller()
    class HandlerController {
      @Post('*path')
      forward(@Req() req: Request, @Res() res: Response): Promise<void> {
        return handler(req, res);
      }
    }
    @Module({ controllers: [HandlerController] })
    class HandlerModule {}
    const app = await NestFactory.create<NestExpressApplication>(HandlerModule, { bodyParser: false, logger: false });
    app.set('etag', false);
    app.disable('x-powered-by');
    await app.listen(port, '127.0.0.1');
    return app.getHttpServer();
  }
  if (framework === 'express') {
    const app = express();
    app.set('etag', false);
    app.disable('x-powered-by');
    app.post('/*path', (req, res) => handler(req, res));
    return new Promise((resolve) => {
      const server = app.listen(port, '127.0.0.1', () => resolve(server));
    });
  }
  const server = createServer((req, res) => void handler(req, res));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export function serve(handler: Handler): void {
  listen(handler, process.env.FRAMEWORK, Number(process.env.PORT ?? 0))
    .then((server) => {
      server.keepAliveTimeout = 60_000;
      process.stdout.write(`LISTENING ${(server.address() as AddressInfo).port}\n`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  process.on('SIGTERM', () => process.exit(0));
}
