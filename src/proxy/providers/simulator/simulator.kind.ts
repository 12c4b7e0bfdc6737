import type { ProviderKindDefinition } from '../../provider-kind';
import { SimulatorProvider } from './simulator.provider';

/** The built-in demo upstream: no network, deterministic answers for every slug (simulations.ts). */
export const SIMULATOR_KIND: ProviderKindDefinition = {
  label: 'Simulator (built in)',
  needsBaseUrl: false,
  defaultAuth: null,
  streams: true,
  serves: 'every slug',
  create: ({ config }) =>
    new SimulatorProvider({ latencyMs: config.SIMULATOR_LATENCY_MS, chunkIntervalMs: config.SIMULATOR_CHUNK_INTERVAL_MS }),
};
