import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GatewayMetrics } from '../metrics/gateway-metrics';

/** Which cap refused a stream. */
export type StreamCap = 'key' | 'process';

/**
 * Counts the open streams of this process, per API key and in all, against
 * STREAM_MAX_CONCURRENT_PER_KEY and STREAM_MAX_CONCURRENT. In memory only: the per-key cap is per
 * process (docs/api/streaming.md). A key's entry is deleted when its count returns to zero, so the map
 * holds only keys with an open stream.
 */
@Injectable()
export class StreamSlots {
  private readonly perKey = new Map<string, number>();
  private total = 0;
  private readonly maxPerKey: number;
  private readonly maxTotal: number;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'STREAM_MAX_CONCURRENT_PER_KEY' | 'STREAM_MAX_CONCURRENT'>,
    @Optional() metrics?: GatewayMetrics,
  ) {
    this.maxPerKey = config.STREAM_MAX_CONCURRENT_PER_KEY;
    this.maxTotal = config.STREAM_MAX_CONCURRENT;
    // Read at each scrape: acquire and release stay two map operations.
    metrics?.collectOpenStreams(() => this.total);
  }

  /** Takes a slot for `keyId`, or says which cap is full (nothing taken then). */
  acquire(keyId: string): StreamCap | null {
    const held = this.perKey.get(keyId) ?? 0;
    if (held >= this.maxPerKey) return 'key';
    if (this.total >= this.maxTotal) return 'process';
    this.perKey.set(keyId, held + 1);
    this.total++;
    return null;
  }

  /** Gives back a slot taken by acquire(); call exactly once per successful acquire. */
  release(keyId: string): void {
    const held = this.perKey.get(keyId);
    if (held === undefined) return;
    if (held <= 1) this.perKey.delete(keyId);
    else this.perKey.set(keyId, held - 1);
    this.total--;
  }

  /** Open streams of one key (0 when none). */
  openFor(keyId: string): number {
    return this.perKey.get(keyId) ?? 0;
  }

  /** Open streams of this process. */
  get open(): number {
    return this.total;
  }

  /** Keys with at least one open stream (the map's size: it never keeps an idle key). */
  get keysWithStreams(): number {
    return this.perKey.size;
  }

  /** The cap's value, for the error details. */
  limitOf(cap: StreamCap): number {
    return cap === 'key' ? this.maxPerKey : this.maxTotal;
  }
}
