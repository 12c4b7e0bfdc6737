import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { loadWebAppBuild, webAppHandler } from './web-app.handler';

/**
 * Serves the web app (website, console, admin area: web/, built into WEB_APP_DIR) from the same
 * origin as the APIs. It owns no route and reads no data: the pages are clients of the public,
 * reseller and operator APIs.
 *
 * Its middleware is added in onModuleInit, which Nest runs after it has registered every controller
 * route and before its 404 handler: a request that matches an API route (a public call above all)
 * is answered before it, so the gateway's hot path never reaches it; unknown paths pass through it to
 * the JSON 404 unless they are the web app's own (test/web/web-app-serving.e2e-spec.ts).
 */
@Module({})
export class WebAppModule implements OnModuleInit {
  private readonly logger = new Logger('WebApp');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const build = loadWebAppBuild(this.config.WEB_APP_DIR);
    if (!build) {
      this.logger.warn(
        `the web app is not built (no ${this.config.WEB_APP_DIR}/index.html; \`npm run build\` builds it): the APIs work without it`,
      );
      return;
    }
    this.adapterHost.httpAdapter.getInstance<Express>().use(webAppHandler(build));
  }
}
