import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { aliasProblem, targetProblem } from '../../src/model-aliases/alias-rules';

/** A catalog of two endpoints, as CatalogService.find answers: only the slug and the model names matter here. */
const CATALOG = new Map(
  [
    { slug: 'text.generate', models: ['simulator', 'gpt-4o-mini', 'meta-llama/Llama-3'] },
    { slug: 'infra.dns', models: [] },
  ].map(({ slug, models }) => [slug, { slug, models: models.map((model) => ({ model })) } as unknown as CatalogEntry]),
);
const find = (slug: string) => CATALOG.get(slug);

describe('model alias rules', () => {
  it('accepts provider-style names', () => {
    for (const alias of ['gpt-4o-mini', 'claude-haiku-4-5', 'openai/gpt-4o', 'meta-llama/Llama-3.1-8B:free', 'A', 'x'.repeat(100)]) {
      expect({ alias, problem: aliasProblem(alias) }).toEqual({ alias, problem: null });
    }
  });

  it('refuses other characters, a leading punctuation mark, more than 100 characters', () => {
    for (const alias of ['', '-gpt', '.gpt', '/gpt', 'gpt 4', 'gpt\u0000', 'gpt?', 'gpt#1', 'modèle', 'x'.repeat(101)]) {
      expect(aliasProblem(alias)).toBe(
        'An alias is 1 to 100 characters: letters, digits and . _ : / - , starting with a letter or a digit.',
      );
    }
  });

  it('refuses a canonical model id (a slug, alone or with a model), existing in the catalog or not', () => {
    for (const alias of ['text.generate', 'text.generate/gpt-4o-mini', 'voice.tts/anything', 'infra.nothing']) {
      expect(aliasProblem(alias)).toBe(`${alias} is a canonical model id (<slug> or <slug>/<model>); an alias cannot be one.`);
    }
    // An unknown category is no slug: such a name is an alias like any other.
    expect(aliasProblem('robots.walk/x')).toBeNull();
  });

  it('accepts a target naming a model of an endpoint, or an endpoint alone (its default price)', () => {
    for (const target of ['text.generate/gpt-4o-mini', 'text.generate/meta-llama/Llama-3', 'text.generate', 'infra.dns']) {
      expect({ target, problem: targetProblem(target, find) }).toEqual({ target, problem: null });
    }
  });

  it('refuses a target that is no canonical id, names no endpoint, or names a model the endpoint lacks', () => {
    expect(
      ['gpt-4o-mini', 'text.generate/', 'voice.tts/tts-1', 'text.generate/gpt-5', 'text.generate/GPT-4o-mini', 'infra.dns/simulator'].map(
        (target) => targetProblem(target, find),
      ),
    ).toEqual([
      'The target gpt-4o-mini is not a canonical model id: <slug>/<model>, or <slug> alone for its default price.',
      'The target text.generate/ is not a canonical model id: <slug>/<model>, or <slug> alone for its default price.',
      'The target names voice.tts, which is not in the catalog.',
      'gpt-5 is not a model of text.generate (its models: simulator, gpt-4o-mini, meta-llama/Llama-3).',
      'GPT-4o-mini is not a model of text.generate (its models: simulator, gpt-4o-mini, meta-llama/Llama-3).',
      'simulator is not a model of infra.dns (it has no models: name the slug alone).',
    ]);
  });
});
