import { loadConfig } from '../../src/config/app-config';
import { ProviderKind } from '../../src/generated/prisma/enums';
import { kindServes, knownOperationOf } from '../../src/proxy/provider-kind';
import { PROVIDER_KIND_NAMES, PROVIDER_KINDS, providerKindOf } from '../../src/proxy/provider-kinds';

/** The registry of provider kinds: one entry per enum value, each building its provider, each saying what it serves. */
describe('provider kinds registry', () => {
  it('has one entry per ProviderKind, each building a provider of its own kind', async () => {
    expect(PROVIDER_KIND_NAMES).toEqual(Object.values(ProviderKind));
    const config = loadConfig({});
    const limits = { maxResponseBytes: 1024, deadlineMs: 1000 };
    for (const kind of PROVIDER_KIND_NAMES) {
      const provider = PROVIDER_KINDS[kind].create({ config, limits });
      expect([kind, provider.kind, typeof provider.stream === 'function']).toEqual([kind, kind, PROVIDER_KINDS[kind].streams]);
      await (provider as { close?: () => Promise<void> }).close?.();
    }
  });

  it('looks kinds named by untrusted input up by own key only', () => {
    expect(providerKindOf('openai')).toBe(PROVIDER_KINDS.openai);
    expect([providerKindOf('constructor'), providerKindOf('__proto__'), providerKindOf(7), providerKindOf('mistral')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('a slug is a known operation by its name; any other text slug is a text generation', () => {
    expect(knownOperationOf('text.embed', 'text')).toBe('text.embed');
    expect(knownOperationOf('voice.stt', 'voice')).toBe('voice.stt');
    expect(knownOperationOf('text.summarize', 'text')).toBe('text.generate');
    expect(knownOperationOf('voice.translate', 'voice')).toBeNull();
  });

  it('says which slugs each kind serves', () => {
    const served = (kind: ProviderKind) =>
      [
        'text.generate',
        'text.chat',
        'text.embed',
        'media.image',
        'media.video',
        'voice.stt',
        'voice.tts',
        'vision.ocr',
        'infra.dns',
      ].filter((slug) => kindServes(PROVIDER_KINDS[kind], slug, slug.split('.')[0] as never));
    expect(served('openai')).toEqual(['text.generate', 'text.chat', 'text.embed', 'media.image', 'voice.stt', 'voice.tts']);
    expect(served('http')).toHaveLength(9);
    expect(served('simulator')).toHaveLength(9);
  });
});
