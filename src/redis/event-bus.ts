import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';

/**
 * Cross-process notifications (cache invalidation: key revoked, catalog changed). With Redis every
 * gateway process hears every message; without it, only this process exists, so in-process is exact.
 */
export interface EventBus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    this.emitter.on(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisEventBus implements EventBus {
  private readonly handlers = new Map<string, Array<(message: string) => void>>();

  /** `subscriber` must be a dedicated connection: a subscribed ioredis client can run nothing else. */
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channelPrefix: string,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.channelPrefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const full = this.channelPrefix + channel;
    const list = this.handlers.get(full);
    if (list) {
      list.push(handler);
      return;
    }
    this.handlers.set(full, [handler]);
    // Not awaited: a Redis that is down at boot must not stop the gateway from starting;
    // ioredis subscribes once connected and re-subscribes after every reconnect.
    this.subscriber.subscribe(full).catch((err: Error) => this.onError(err));
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.subscriber.disconnect();
  }
}
