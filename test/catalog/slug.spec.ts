import { isValidSlug, parseSlug } from '../../src/catalog/slug';

describe('slug', () => {
  it('accepts <category>.<operation> with a known category', () => {
    expect(parseSlug('text.generate')).toEqual({ category: 'text', operation: 'generate' });
    expect(isValidSlug('id.kyc')).toBe(true);
    expect(isValidSlug('infra.t_0a1b2c')).toBe(true);
  });

  it('rejects unknown categories and malformed names', () => {
    for (const slug of [
      'robots.walk',
      'text',
      'text.',
      '.generate',
      'Text.generate',
      'text.Generate',
      'text.gen.erate',
      'text.1gen',
      `text.${'a'.repeat(49)}`,
    ]) {
      expect(isValidSlug(slug)).toBe(false);
    }
  });
});
