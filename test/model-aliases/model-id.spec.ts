import { modelIdOf, parseModelId } from '../../src/catalog/model-id';

describe('canonical model ids', () => {
  it('reads <slug>/<model>, splitting at the first slash', () => {
    expect(parseModelId('text.generate/gpt-4o-mini')).toEqual({ slug: 'text.generate', model: 'gpt-4o-mini' });
    expect(parseModelId('text.generate/meta-llama/Llama-3.1-8B')).toEqual({ slug: 'text.generate', model: 'meta-llama/Llama-3.1-8B' });
    expect(parseModelId('infra.t_0a1b2c/m:v1')).toEqual({ slug: 'infra.t_0a1b2c', model: 'm:v1' });
  });

  it('reads a slug alone as its default price (model null)', () => {
    expect(parseModelId('text.generate')).toEqual({ slug: 'text.generate', model: null });
    expect(parseModelId('id.kyc')).toEqual({ slug: 'id.kyc', model: null });
  });

  it('is not a canonical id without a slug of a known category before the first slash, or with an empty model', () => {
    for (const id of [
      '',
      'gpt-4o-mini',
      'openai/gpt-4o-mini',
      'robots.walk/x',
      'Text.generate/gpt-4o-mini',
      'text.generate/',
      '/gpt-4o-mini',
      'text/generate',
      ' text.generate',
      `text.${'a'.repeat(49)}/m`,
    ]) {
      expect({ id, parsed: parseModelId(id) }).toEqual({ id, parsed: null });
    }
  });

  it('writes the id back as parseModelId reads it', () => {
    expect(modelIdOf('text.generate', 'gpt-4o-mini')).toBe('text.generate/gpt-4o-mini');
    expect(modelIdOf('text.generate', null)).toBe('text.generate');
    for (const [slug, model] of [
      ['text.generate', 'meta-llama/Llama-3'],
      ['voice.stt', null],
    ] as const) {
      expect(parseModelId(modelIdOf(slug, model))).toEqual({ slug, model });
    }
  });
});
