import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { Provider } from './provider.types';
import { AnthropicProvider } from './providers/anthropic/anthropic.provider';
import { GeminiProvider } from './providers/gemini/gemini.provider';
import { HttpProvider } from './providers/http/http.provider';
import { OpenAiProvider } from './providers/openai/openai.provider';
import { SimulatorProvider } from './providers/simulator/simulator.provider';
import { PROVIDERS, ProxyService } from './proxy.service';

/** Upstream calls with fallback; one provider per kind (http, openai, anthropic, gemini, the built-in simulator). */
@Module({
  providers: [
    {
      provide: PROVIDERS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Provider[] => {
        const limits = { maxResponseBytes: config.UPSTREAM_MAX_RESPONSE_BYTES, deadlineMs: config.UPSTREAM_DEADLINE_MS };
        return [
          new HttpProvider(limits),
          new OpenAiProvider(limits),
          new AnthropicProvider(limits),
          new GeminiProvider(limits),
          new SimulatorProvider({ latencyMs: config.SIMULATOR_LATENCY_MS, chunkIntervalMs: config.SIMULATOR_CHUNK_INTERVAL_MS }),
        ];
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
