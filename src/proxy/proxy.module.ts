import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { Provider } from './provider.types';
import { PROVIDER_KIND_NAMES, PROVIDER_KINDS } from './provider-kinds';
import { PROVIDERS, ProxyService } from './proxy.service';

/** Upstream calls with fallback; one provider per kind, built from the registry (provider-kinds.ts). */
@Module({
  providers: [
    {
      provide: PROVIDERS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Provider[] => {
        const limits = { maxResponseBytes: config.UPSTREAM_MAX_RESPONSE_BYTES, deadlineMs: config.UPSTREAM_DEADLINE_MS };
        return PROVIDER_KIND_NAMES.map((kind) => PROVIDER_KINDS[kind].create({ config, limits }));
      },
    },
    ProxyService,
  ],
  exports: [ProxyService],
})
export class ProxyModule implements OnApplicationShutdown {
  constructor(@Inject(PROVIDERS) private readonly providers: Provider[]) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.providers.map((p) => (p as { close?: () => Promise<void> }).close?.() ?? Promise.resolve()));
  }
}
