import { StreamSlots } from '../../src/streaming/stream-slots';

describe('StreamSlots', () => {
  it('refuses past the per-key cap and the process cap, and forgets keys at zero', () => {
    const slots = new StreamSlots({ STREAM_MAX_CONCURRENT_PER_KEY: 2, STREAM_MAX_CONCURRENT: 3 });
    expect(slots.acquire('a')).toBeNull();
    expect(slots.acquire('a')).toBeNull();
    expect(slots.acquire('a')).toBe('key');
    expect(slots.acquire('b')).toBeNull();
    expect(slots.acquire('c')).toBe('process');
    expect(slots.open).toBe(3);
    expect(slots.openFor('a')).toBe(2);
    slots.release('a');
    expect(slots.acquire('c')).toBeNull();
    for (const key of ['a', 'b', 'c']) slots.release(key);
    expect(slots.open).toBe(0);
    expect(slots.keysWithStreams).toBe(0);
    slots.release('a'); // a stray release never goes below zero
    expect(slots.open).toBe(0);
  });
});
