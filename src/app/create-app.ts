import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { answerClientErrorsAsJson } from '../common/http/client-error';
import { noStoreOnApiAnswers } from '../common/http/no-store.middleware';
import { requestIdMiddleware } from '../common/http/request-id.middleware';
import { PinoLoggerService } from '../common/logging/pino-logger.service';
import { HealthService } from '../health/health.service';
import { JobQueue } from '../jobs/job-queue';
import { AppModule, AppOptions } from './app.module';
import { GatewayController } from '../gateway/gateway.controller';
import { OpenAiDoorController } from '../openai-door/openai-door.controller';
import { DataPlane } from './data-plane';
import { ExpressBornAdapter } from './express-born-server';
import { setupOpenApi } from './openapi';

/** Builds the whole gateway (used by main.ts, the tests and the benchmark alike). */
export async function createApp(options: AppOptions): Promise<NestExpressApplication> {
  const logger = new PinoLoggerService(options.config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), new ExpressBornAdapter(strictExpress()), {
    // Public calls read their body after auth and limits; the operator API has its own parser.
    bodyParser: false,
    logger,
    abortOnError: false,
  });
  app.set('trust proxy', options.config.trustProxy);
  app.set('etag', false);
  app.disable('x-powered-by');
  // First: the request-id middleware answers some requests itself (a bad request target or query).
  const appMiddleware = [noStoreOnApiAnswers(), requestIdMiddleware()];
  for (const middleware of appMiddleware) app.use(middleware);
  answerClientErrorsAsJson(app.getHttpServer());
  // Before init: routes added after Nest's 404 handler (registered by init) are never reached.
  setupOpenApi(app, options.config.DOCS_DIR);
  await app.init();
  // Public calls skip Express's router and Nest's route pipeline, and run the same guards,
  // handler and filter (issue 23, point 1); everything else is routed as before.
  DataPlane.install(app, [GatewayController, OpenAiDoorController], appMiddleware);
  return app;
}

/**
 * Express with exact routing: `/API/public/v1/x` or `/api/public/v1/x/` is not the public route.
 * Express reads these settings once, when its router is first created, so they are set on a fresh
 * instance before Nest registers anything on it.
 */
function strictExpress(): express.Express {
  const app = express();
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  return app;
}

/**
 * Graceful stop: fail readiness, stop accepting connections, let in-flight calls finish (closing
 * what is still open after `graceMs`), then close the app — which drains the audit buffer before
 * the database connection goes.
 */
export async function shutdownGracefully(app: NestExpressApplication, graceMs: number): Promise<void> {
  app.get(HealthService).markShuttingDown();
  // The job queue stops beside the in-flight calls, not after them (app.close() awaits the same
  // stop): with a database gone silent each may take its whole grace, and the audit drain after
  // them must still fit in the platform's stop grace.
  void app.get(JobQueue).stop();
  const server = app.getHttpServer();
  if (server.listening) {
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      // Keep-alive sockets become idle as their last response ends; close them as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      server.close(() => {
        clearTimeout(force);
        clearInterval(idle);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
  await app.close();
}
