import { Logger } from '@nestjs/common';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { defineUpstream, type UpstreamTarget } from '../../src/catalog/upstream';
import { GatewayError } from '../../src/common/errors/error-catalog';
import type { ProviderKind } from '../../src/generated/prisma/enums';
import { Provider, ProviderError, ProviderRequest, ProviderResult, ProviderStream, StreamChunk } from '../../src/proxy/provider.types';
import { AttemptTracker, ProxyService } from '../../src/proxy/proxy.service';
import { Deferred, deferred } from '../support/deferred';

/**
 * ProxyService's fallback over scripted providers: which upstreams are tried, in which order, when
 * it stops, what each outcome becomes for the caller, and what the tracker (the audit record's
 * attempt count and serving upstream) is told. openStream also waits for a first chunk, within a
 * deadline, before a stream counts as served.
 */

/** How long openStream waits for a first chunk in these tests: a deadline the never-answering stream runs into. */
const FIRST_CHUNK_TIMEOUT_MS = 20;

function upstream(id: string, kind: ProviderKind): UpstreamTarget {
  const { enabled: _enabled, ...definition } = defineUpstream({
    name: `${kind} ${id}`,
    kind,
    baseUrl: kind === 'simulator' ? null : `https://${id}.example`,
  });
  return { id, ...definition };
}

function endpointWith(upstreams: UpstreamTarget[]): CatalogEntry {
  return { slug: 'text.generate', upstreams } as Pick<CatalogEntry, 'slug' | 'upstreams'> as CatalogEntry;
}

function answerFrom(upstreamId: string): ProviderResult {
  return { result: { from: upstreamId }, usage: { meters: { tokens: 1n }, source: 'estimated' } };
}

function streamOf(deltas: string[]): ProviderStream {
  let sent = 0;
  async function* chunks(): AsyncGenerator<StreamChunk> {
    for (const delta of deltas) {
      sent += 1;
      yield { delta };
    }
  }
  return { chunks: chunks(), usage: () => ({ meters: { tokens: BigInt(sent) }, source: 'estimated' }) };
}

/** A stream whose chunks the test hands over one by one; it records the pulls and whether it was closed. */
class ManualStream implements ProviderStream {
  /** Resolves when the first chunk is asked for. */
  readonly firstPull = deferred<void>();
  closed = false;
  private readonly ready: Array<Promise<IteratorResult<StreamChunk>>> = [];
  private readonly waiting: Array<Deferred<IteratorResult<StreamChunk>>> = [];
  private sent = 0;

  readonly chunks: AsyncIterable<StreamChunk> = {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        this.firstPull.resolve();
        const ready = this.ready.shift();
        if (ready) return ready;
        const pull = deferred<IteratorResult<StreamChunk>>();
        this.waiting.push(pull);
        return pull.promise;
      },
      return: async () => {
        this.closed = true;
        return { done: true, value: undefined };
      },
    }),
  };

  usage() {
    return { meters: { tokens: BigInt(this.sent) }, source: 'estimated' as const };
  }

  send(delta: string): void {
    this.sent += 1;
    this.settle(Promise.resolve({ done: false, value: { delta } }));
  }

  end(): void {
    this.settle(Promise.resolve({ done: true, value: undefined }));
  }

  fail(error: unknown): void {
    this.settle(Promise.reject(error));
  }

  private settle(result: Promise<IteratorResult<StreamChunk>>): void {
    result.catch(() => undefined); // a rejection waiting in `ready` is not unhandled
    const pull = this.waiting.shift();
    if (pull) result.then(pull.resolve, pull.reject);
    else this.ready.push(result);
  }
}

type CallScript = (request: ProviderRequest) => Promise<ProviderResult>;
type StreamScript = (request: ProviderRequest) => Promise<ProviderStream>;

/**
 * What each upstream (by id) does when called or asked to stream, and the providers (one per kind)
 * that act it out. `log` lists the upstream ids the providers were asked for, in order.
 */
class ScriptedUpstreams {
  readonly log: string[] = [];
  /** The request each upstream was given, by id (for its abort signal). */
  readonly requests = new Map<string, ProviderRequest>();
  private readonly calls = new Map<string, CallScript>();
  private readonly streams = new Map<string, StreamScript>();

  onCall(upstreamId: string, script: CallScript): this {
    this.calls.set(upstreamId, script);
    return this;
  }

  onStream(upstreamId: string, script: StreamScript): this {
    this.streams.set(upstreamId, script);
    return this;
  }

  provider(kind: ProviderKind, options: { canStream: boolean } = { canStream: true }): Provider {
    const provider: Provider = {
      kind,
      call: (target, request) => this.run(this.calls, target, request),
    };
    if (options.canStream) provider.stream = (target, request) => this.run(this.streams, target, request);
    return provider;
  }

  private run<T>(
    scripts: Map<string, (request: ProviderRequest) => Promise<T>>,
    target: UpstreamTarget,
    request: ProviderRequest,
  ): Promise<T> {
    this.log.push(target.id);
    this.requests.set(target.id, request);
    const script = scripts.get(target.id);
    if (!script) throw new Error(`upstream ${target.id} was not expected to be asked`);
    return script(request);
  }
}

class RecordingTracker implements AttemptTracker {
  attempts = 0;
  readonly servedBy: string[] = [];

  attempt(): void {
    this.attempts += 1;
  }

  served(upstreamId: string): void {
    this.servedBy.push(upstreamId);
  }
}

const fail = (kind: ProviderError['kind'], status?: number) => () =>
  Promise.reject(new ProviderError(kind, `scripted ${kind} ${status ?? ''}`.trim(), status));
const answer = (upstreamId: string) => () => Promise.resolve(answerFrom(upstreamId));

/** Awaits a rejection and returns it (the test then checks what it is). */
function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection, got a result');
    },
    (err: unknown) => err,
  );
}

describe('ProxyService', () => {
  let upstreams: ScriptedUpstreams;
  let tracker: RecordingTracker;
  let caller: AbortController;
  let proxy: ProxyService;

  const request = (): ProviderRequest => ({
    slug: 'text.generate',
    category: 'text',
    operation: 'generate',
    billingUnit: 'tokens_1k',
    method: 'POST',
    input: { input: 'hello' },
    requestId: 'req-1',
    signal: caller.signal,
  });

  beforeEach(() => {
    // The fallback warning is expected on every retried failure here.
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    upstreams = new ScriptedUpstreams();
    tracker = new RecordingTracker();
    caller = new AbortController();
    proxy = new ProxyService([upstreams.provider('http'), upstreams.provider('openai'), upstreams.provider('simulator')]);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('call', () => {
    it('returns the answer of the first upstream that answers and asks no later one', async () => {
      upstreams.onCall('a', answer('a')).onCall('b', answer('b'));

      const result = await proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'openai')]), request(), tracker);
      expect(result).toEqual(answerFrom('a'));
      expect(upstreams.log).toEqual(['a']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([1, ['a']]);
    });

    it.each([
      ['a connect error', fail('connect')],
      ['a timeout', fail('timeout')],
      ['a 500', fail('status', 500)],
      ['a 503', fail('status', 503)],
      ['a 429', fail('status', 429)],
      ['a 408', fail('status', 408)],
      ['an invalid response', fail('invalid_response')],
    ])('moves on to the next upstream after %s', async (_case, failure) => {
      upstreams.onCall('a', failure).onCall('b', answer('b'));

      const result = await proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'openai')]), request(), tracker);
      expect(result).toEqual(answerFrom('b'));
      expect(upstreams.log).toEqual(['a', 'b']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, ['b']]);
    });

    it('tries the upstreams in their order, counting every attempt and recording the one that served', async () => {
      upstreams.onCall('a', fail('connect')).onCall('b', fail('status', 502)).onCall('c', answer('c')).onCall('d', answer('d'));
      const order = [upstream('a', 'openai'), upstream('b', 'http'), upstream('c', 'simulator'), upstream('d', 'http')];

      const result = await proxy.call(endpointWith(order), request(), tracker);
      expect(result).toEqual(answerFrom('c'));
      expect(upstreams.log).toEqual(['a', 'b', 'c']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([3, ['c']]);
    });

    it.each([400, 401, 404, 422])('stops at once on a %d and answers upstream_rejected with the upstream status', async (status) => {
      upstreams.onCall('a', fail('connect')).onCall('b', fail('status', status)).onCall('c', answer('c'));

      const error = await rejectionOf(
        proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'http'), upstream('c', 'http')]), request(), tracker),
      );
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ code: 'upstream_rejected', status: 422, details: { upstream_status: status } });
      expect(upstreams.log).toEqual(['a', 'b']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, []]);
    });

    it('answers upstream_unavailable when every upstream fails', async () => {
      upstreams.onCall('a', fail('timeout')).onCall('b', fail('status', 503)).onCall('c', fail('connect'));

      const error = await rejectionOf(
        proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'openai'), upstream('c', 'http')]), request(), tracker),
      );
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
      expect([tracker.attempts, tracker.servedBy]).toEqual([3, []]);
    });

    it('answers upstream_timeout when every upstream fails and the last one timed out', async () => {
      upstreams.onCall('a', fail('status', 503)).onCall('b', fail('timeout'));

      const error = await rejectionOf(proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'openai')]), request(), tracker));
      expect(error).toMatchObject({ code: 'upstream_timeout', status: 504 });
    });

    it('answers upstream_unavailable, with no attempt, for an endpoint without upstreams', async () => {
      const error = await rejectionOf(proxy.call(endpointWith([]), request(), tracker));
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ code: 'upstream_unavailable' });
      expect(tracker.attempts).toBe(0);
    });

    it('skips, without counting it, an upstream whose kind has no provider', async () => {
      const httpOnly = new ProxyService([upstreams.provider('http')]);
      upstreams.onCall('b', answer('b'));

      const result = await httpOnly.call(endpointWith([upstream('a', 'openai'), upstream('b', 'http')]), request(), tracker);
      expect(result).toEqual(answerFrom('b'));
      expect(upstreams.log).toEqual(['b']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([1, ['b']]);

      const noneServable = await rejectionOf(
        httpOnly.call(endpointWith([upstream('a', 'openai'), upstream('c', 'simulator')]), request(), new RecordingTracker()),
      );
      expect(noneServable).toMatchObject({ code: 'upstream_unavailable' });
    });

    it('lets an error that is not a provider failure through unchanged, without trying the next upstream', async () => {
      const badInput = new GatewayError('invalid_request', 'input must be a string');
      upstreams.onCall('a', () => Promise.reject(badInput)).onCall('b', answer('b'));

      await expect(proxy.call(endpointWith([upstream('a', 'simulator'), upstream('b', 'http')]), request(), tracker)).rejects.toBe(
        badInput,
      );
      expect(upstreams.log).toEqual(['a']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([1, []]);
    });

    it('lets a bug in a provider (a plain Error) through unchanged, without trying the next upstream', async () => {
      const bug = new TypeError('cannot read properties of undefined');
      upstreams.onCall('a', () => Promise.reject(bug)).onCall('b', answer('b'));

      await expect(proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'http')]), request(), tracker)).rejects.toBe(bug);
      expect(upstreams.log).toEqual(['a']);
    });

    it('does not retry a call the caller aborted', async () => {
      upstreams.onCall('a', fail('aborted')).onCall('b', answer('b'));

      const error = await rejectionOf(proxy.call(endpointWith([upstream('a', 'http'), upstream('b', 'http')]), request(), tracker));
      expect(error).toMatchObject({ code: 'upstream_unavailable' });
      expect(upstreams.log).toEqual(['a']);
    });

    it("uses the upstreams it is given (the model's) instead of the endpoint's", async () => {
      upstreams.onCall('a', answer('a')).onCall('m1', fail('status', 500)).onCall('m2', answer('m2'));
      const endpoint = endpointWith([upstream('a', 'http'), upstream('m1', 'openai'), upstream('m2', 'openai')]);

      const result = await proxy.call(endpoint, request(), tracker, [upstream('m1', 'openai'), upstream('m2', 'openai')]);
      expect(result).toEqual(answerFrom('m2'));
      expect(upstreams.log).toEqual(['m1', 'm2']);
    });

    it('passes the request to the provider as given', async () => {
      upstreams.onCall('a', answer('a'));
      const sent = request();

      await proxy.call(endpointWith([upstream('a', 'http')]), sent, tracker);
      expect(upstreams.requests.get('a')).toBe(sent);
    });
  });

  describe('openStream', () => {
    const open = (targets: UpstreamTarget[], subset?: UpstreamTarget[]) =>
      proxy.openStream(endpointWith(targets), request(), tracker, FIRST_CHUNK_TIMEOUT_MS, subset, caller);

    async function collect(stream: ProviderStream): Promise<string[]> {
      const deltas: string[] = [];
      for await (const chunk of stream.chunks) deltas.push(chunk.delta);
      return deltas;
    }

    it('resolves only once the first chunk arrived, and replays that chunk before the rest', async () => {
      const manual = new ManualStream();
      upstreams.onStream('a', async () => manual);
      let opened = false;
      const opening = open([upstream('a', 'openai')]).then((stream) => {
        opened = true;
        return stream;
      });

      // Whichever comes first: had it resolved without pulling a chunk, `opened` is already true.
      await Promise.race([manual.firstPull.promise, opening]);
      // Let every callback already queued run: nothing may resolve the stream before its first chunk.
      await new Promise((resolve) => setImmediate(resolve));
      expect(opened).toBe(false);
      expect(tracker.servedBy).toEqual([]);

      manual.send('Hel');
      const stream = await opening;
      expect(tracker.servedBy).toEqual(['a']);
      manual.send('lo');
      manual.end();
      expect(await collect(stream)).toEqual(['Hel', 'lo']);
      expect(stream.usage()).toEqual({ meters: { tokens: 2n }, source: 'estimated' });
    });

    it('replays a stream whose first chunk came at once, with every chunk in order', async () => {
      upstreams.onStream('a', async () => streamOf(['one', 'two', 'three']));

      const stream = await open([upstream('a', 'openai'), upstream('b', 'http')]);
      expect(await collect(stream)).toEqual(['one', 'two', 'three']);
      expect(upstreams.log).toEqual(['a']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([1, ['a']]);
    });

    it('falls back when a provider cannot open its stream', async () => {
      upstreams.onStream('a', fail('connect')).onStream('b', async () => streamOf(['from b']));

      expect(await collect(await open([upstream('a', 'openai'), upstream('b', 'http')]))).toEqual(['from b']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, ['b']]);
    });

    it.each([
      ['a retryable provider failure', new ProviderError('status', 'scripted 503', 503)],
      ['an error of another kind (taken as a broken connection)', new Error('socket hang up')],
    ])('falls back, closing the failed stream, when a stream fails before its first chunk with %s', async (_case, failure) => {
      const broken = new ManualStream();
      upstreams.onStream('a', async () => broken).onStream('b', async () => streamOf(['from b']));
      broken.fail(failure);

      expect(await collect(await open([upstream('a', 'openai'), upstream('b', 'http')]))).toEqual(['from b']);
      expect(broken.closed).toBe(true);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, ['b']]);
    });

    it('stops at once when a stream is rejected with a 4xx before its first chunk', async () => {
      const rejected = new ManualStream();
      upstreams.onStream('a', async () => rejected);
      rejected.fail(new ProviderError('status', 'scripted 400', 400));

      const error = await rejectionOf(open([upstream('a', 'openai'), upstream('b', 'http')]));
      expect(error).toMatchObject({ code: 'upstream_rejected', details: { upstream_status: 400 } });
      expect(upstreams.log).toEqual(['a']);
    });

    it('moves past an upstream whose provider cannot stream, counting the attempt', async () => {
      const proxyWithoutSimulatorStreams = new ProxyService([
        upstreams.provider('simulator', { canStream: false }),
        upstreams.provider('http'),
      ]);
      upstreams.onStream('b', async () => streamOf(['from b']));

      const stream = await proxyWithoutSimulatorStreams.openStream(
        endpointWith([upstream('a', 'simulator'), upstream('b', 'http')]),
        request(),
        tracker,
        FIRST_CHUNK_TIMEOUT_MS,
      );
      expect(await collect(stream)).toEqual(['from b']);
      expect(upstreams.log).toEqual(['b']);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, ['b']]);
    });

    it('aborts a provider that sends no first chunk in time and falls back to the next one', async () => {
      const silent = new ManualStream();
      upstreams.onStream('a', async () => silent).onStream('b', async () => streamOf(['from b']));

      const stream = await open([upstream('a', 'openai'), upstream('b', 'http')]);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, ['b']]);
      expect(upstreams.requests.get('a')!.signal.aborted).toBe(true);
      expect(silent.closed).toBe(true);
      // Only that attempt was cancelled, not the call: the next upstream got a live signal.
      expect(caller.signal.aborted).toBe(false);
      expect(upstreams.requests.get('b')!.signal.aborted).toBe(false);
      expect(await collect(stream)).toEqual(['from b']);
    });

    it('answers stream_timeout when the last upstream sends no first chunk in time', async () => {
      const slow = new ManualStream();
      upstreams.onStream('a', fail('status', 503)).onStream('b', async () => slow);

      const error = await rejectionOf(open([upstream('a', 'openai'), upstream('b', 'http')]));
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ code: 'stream_timeout', status: 504 });
      expect(upstreams.requests.get('b')!.signal.aborted).toBe(true);
      expect([tracker.attempts, tracker.servedBy]).toEqual([2, []]);
    });

    it('counts a stream that fails its pending read as soon as it is aborted as timed out, not as broken', async () => {
      // Real clients (undici) reject the read in flight the moment their signal fires: the
      // deadline must still be what the caller hears (stream_timeout, or the next upstream).
      upstreams.onStream('a', async (request) => {
        const read = deferred<IteratorResult<StreamChunk>>();
        request.signal.addEventListener('abort', () => read.reject(new Error('socket destroyed by abort')));
        return {
          chunks: { [Symbol.asyncIterator]: () => ({ next: () => read.promise }) },
          usage: () => ({ meters: { tokens: 0n }, source: 'estimated' }),
        };
      });

      const error = await rejectionOf(open([upstream('a', 'openai')]));
      expect(error).toMatchObject({ code: 'stream_timeout', status: 504 });
    });

    it("gives the last upstream the call's own signal, and any before it one of its own", async () => {
      upstreams.onStream('a', fail('status', 503)).onStream('b', async () => streamOf(['from b']));

      expect(await collect(await open([upstream('a', 'openai'), upstream('b', 'http')]))).toEqual(['from b']);
      expect(upstreams.requests.get('a')!.signal).not.toBe(caller.signal);
      expect(upstreams.requests.get('b')!.signal).toBe(caller.signal);
    });

    it("hands the provider a signal that follows the caller's abort", async () => {
      const manual = new ManualStream();
      upstreams.onStream('a', async () => manual).onStream('b', async () => streamOf(['from b']));
      const opening = open([upstream('a', 'openai'), upstream('b', 'http')]);

      await Promise.race([manual.firstPull.promise, opening]);
      caller.abort();
      expect(upstreams.requests.get('a')!.signal.aborted).toBe(true);
      // What a provider reports when its signal fires: not retried.
      manual.fail(new ProviderError('aborted', 'caller went away'));
      expect(await rejectionOf(opening)).toMatchObject({ code: 'upstream_unavailable' });
      expect(upstreams.log).toEqual(['a']);
    });

    it("uses the upstreams it is given (the model's) instead of the endpoint's", async () => {
      upstreams.onStream('m', async () => streamOf(['from m']));

      const stream = await open([upstream('a', 'http'), upstream('m', 'openai')], [upstream('m', 'openai')]);
      expect(await collect(stream)).toEqual(['from m']);
      expect(upstreams.log).toEqual(['m']);
    });
  });
});
