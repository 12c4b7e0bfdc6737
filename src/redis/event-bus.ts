import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import type { RedisClient } from './redis-client';

/**
 * Cross-process notifications (cache invalidation: key revoked, catalog changed). With Redis every
 * gateway process hears every message; without it, only this process exists, so in-process is exact.
 *
 * Delivery is best effort: Redis pub/sub drops what is published while a subscriber is
 * disconnected, and `publish` does not fail when Redis is down (the change is already in Postgres).
 * A process that may have missed messages learns it through `onListeningChange`, and caches fed by
 * the bus must then stop trusting what they hold.
 */
export interface EventBus {
  /** Never rejects: a message that cannot be sent is logged; listeners resync when they reconnect. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /**
   * True while this process is subscribed, i.e. hears every message published from now on. False
   * before the first subscription is confirmed and from the moment the subscriber connection drops.
   */
  readonly listening: boolean;
  /**
   * `handler(false)`: messages may be missed from now on. `handler(true)`: the subscription is back
   * (confirmed by Redis) after a loss; whatever was published in between was missed.
   */
  onListeningChange(handler: (listening: boolean) => void): void;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  readonly listening = true;

  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    this.emitter.on(channel, handler);
  }

  onListeningChange(): void {
    // One process: nothing can be missed.
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** ioredis states in which a command would only wait in the offline queue for a reconnect. */
const DOWN_STATES = new Set(['reconnecting', 'close', 'end']);

/** True when this connection is known to be down (it was lost, or never came up and is retrying). */
export function redisIsDown(redis: RedisClient): boolean {
  return DOWN_STATES.has(redis.status);
}

/** Unsent invalidations kept for a resend; past this, the oldest are dropped (cache TTLs still bound them). */
const MAX_UNSENT_MESSAGES = 10_000;

export interface RedisEventBusLogger {
  warn(message: string): void;
}

/**
 * Redis pub/sub with a dedicated subscriber connection. The subscriber is created with
 * `autoResubscribe: false`: this bus re-issues SUBSCRIBE itself on every `ready` and reports the
 * subscription back only once Redis confirmed it, so that a cache dropped at that moment cannot be
 * refilled from a state older than the messages it will hear.
 */
export class RedisEventBus implements EventBus {
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  private readonly listeningHandlers: Array<(listening: boolean) => void> = [];
  private subscribed = false;
  /** Messages whose publish failed, sent again when the publisher is ready (see publish). */
  private readonly unsent: Array<[string, string]> = [];
  /**
   * A message may have been missed since the last confirmed subscription. True at boot: lookups
   * made before the first confirmation must not outlive it in a cache.
   */
  private missed = true;
  private closed = false;

  /** `subscriber` must be a dedicated connection: a subscribed ioredis client can run nothing else. */
  constructor(
    private readonly publisher: RedisClient,
    private readonly subscriber: Redis,
    private readonly channelPrefix: string,
    private readonly logger: RedisEventBusLogger = { warn: () => undefined },
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
    subscriber.on('ready', () => this.resubscribe());
    publisher.on('ready', () => this.resend());
    subscriber.on('close', () => this.lost());
    subscriber.on('error', (err: Error) => this.logger.warn(`Redis subscriber connection error: ${err.message}`));
    if (subscriber.status === 'ready') this.resubscribe();
  }

  get listening(): boolean {
    return this.subscribed;
  }

  async publish(channel: string, message: string): Promise<void> {
    try {
      if (redisIsDown(this.publisher)) throw new Error(`connection ${this.publisher.status}`);
      await this.publisher.publish(this.channelPrefix + channel, message);
    } catch (err) {
      // The change is committed in Postgres. Other processes may still be subscribed (this one
      // alone lost Redis) and would never hear it: it is sent again as soon as this connection is
      // back (bounded; the oldest go first past the bound, and cached keys expire anyway).
      this.logger.warn(`Could not publish on ${channel} (sent again once Redis is back): ${(err as Error).message}`);
      if (this.unsent.length >= MAX_UNSENT_MESSAGES) this.unsent.shift();
      this.unsent.push([channel, message]);
    }
  }

  /** Publishes what could not be sent while the publisher's connection was down. */
  private resend(): void {
    const pending = this.unsent.splice(0);
    for (const [channel, message] of pending) void this.publish(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const full = this.channelPrefix + channel;
    const list = this.handlers.get(full);
    if (list) {
      list.push(handler);
      return;
    }
    this.handlers.set(full, [handler]);
    // Not awaited: a Redis that is down at boot must not stop the gateway from starting; every
    // channel is (re)subscribed on each `ready`.
    if (this.subscriber.status === 'ready') this.confirm(this.subscriber.subscribe(full));
  }

  onListeningChange(handler: (listening: boolean) => void): void {
    this.listeningHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    this.listeningHandlers.length = 0;
    this.subscriber.disconnect();
  }

  private resubscribe(): void {
    const channels = [...this.handlers.keys()];
    // No channel yet: nothing is listened to, so nothing may be reported as listening.
    if (channels.length > 0) this.confirm(this.subscriber.subscribe(...channels));
  }

  /**
   * Listening is reported only once Redis confirmed a SUBSCRIBE. One that fails (a timeout, an
   * ACL refusing the channel) would leave a connection that hears nothing while reporting it
   * does: start over on a fresh connection instead, which resubscribes every channel.
   */
  private confirm(subscription: Promise<unknown>): void {
    subscription.then(
      () => {
        if (this.closed || this.subscriber.status !== 'ready') return;
        this.subscribed = true;
        if (!this.missed) return;
        this.missed = false;
        this.notify(true);
      },
      (err: Error) => {
        this.logger.warn(`Redis subscription failed, reconnecting the subscriber: ${err.message}`);
        if (!this.closed) this.subscriber.disconnect(true);
      },
    );
  }

  private lost(): void {
    this.missed = true;
    if (!this.subscribed) return;
    this.subscribed = false;
    if (!this.closed) this.notify(false);
  }

  private notify(listening: boolean): void {
    for (const handler of this.listeningHandlers) handler(listening);
  }
}
