import { randomBytes } from 'node:crypto';
import { ModelAliasesService } from '../../../src/model-aliases/model-aliases.service';
import { ConsoleBrowser } from '../../support/console-client';
import { GatewayHarness } from '../../support/gateway-harness';
import { waitFor } from '../../support/wait-for';

/** A model of a test endpoint, at $0.001 a call. */
const model = (name: string) => ({
  name,
  wholesalePicoUsdPerUnit: 1_000_000_000n,
  resalePicoUsdPerUnit: 1_500_000_000n,
  maxOutputTokens: null,
});

/** An alias of this run's own (suites share the database, and so its aliases). */
const uniqueAlias = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

describe('operator API: model aliases', () => {
  let gw: GatewayHarness;
  let aliases: ModelAliasesService;
  /** An endpoint with two models, and one with none. */
  let withModels: string;
  let withoutModels: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    aliases = gw.app.get(ModelAliasesService);
    ({ slug: withModels } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }], models: [model('fast'), model('slow')] }));
    ({ slug: withoutModels } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] }));
  });

  afterAll(() => gw.close());

  const put = (alias: string, body: unknown) => gw.admin('PUT', `/model-aliases/${encodeURIComponent(alias)}`, body);
  const listed = async (alias: string) =>
    (await gw.admin('GET', '/model-aliases')).body.data.find((a: { alias: string }) => a.alias === alias) as
      Record<string, unknown> | undefined;

  it("lists the seed's aliases for the seeded provider models, each target in the catalog", async () => {
    const list = await gw.admin('GET', '/model-aliases');
    expect(list.status).toBe(200);
    const seeded = ['claude-haiku-4-5', 'dall-e-3', 'gpt-4o-mini', 'text-embedding-3-small', 'tts-1', 'whisper-1'];
    expect(
      list.body.data
        .filter((a: { alias: string }) => seeded.includes(a.alias))
        .map(({ alias, target, target_exists }: Record<string, unknown>) => ({ alias, target, target_exists })),
    ).toEqual([
      { alias: 'claude-haiku-4-5', target: 'text.generate/claude-haiku-4-5', target_exists: true },
      { alias: 'dall-e-3', target: 'media.image/dall-e-3', target_exists: true },
      { alias: 'gpt-4o-mini', target: 'text.generate/gpt-4o-mini', target_exists: true },
      { alias: 'text-embedding-3-small', target: 'text.embed/text-embedding-3-small', target_exists: true },
      { alias: 'tts-1', target: 'voice.tts/tts-1', target_exists: true },
      { alias: 'whisper-1', target: 'voice.stt/whisper-1', target_exists: true },
    ]);
    expect(aliases.resolve('gpt-4o-mini')).toBe('text.generate/gpt-4o-mini');
    expect(aliases.aliasesOf('text.generate/gpt-4o-mini')).toContain('gpt-4o-mini');
  });

  it('creates an alias, replaces its target, lists it, and removes it; the service resolves each state at once', async () => {
    const alias = uniqueAlias('gpt-fast');
    const created = await put(alias, { target: `${withModels}/fast` });
    expect(created).toEqual({
      status: 200,
      body: {
        alias,
        target: `${withModels}/fast`,
        target_exists: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: created.body.created_at,
      },
    });
    expect(aliases.resolve(alias)).toBe(`${withModels}/fast`);
    expect(aliases.aliasesOf(`${withModels}/fast`)).toEqual([alias]);

    // Replaced: the slug alone, its default price.
    const replaced = await put(alias, { target: withModels });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ alias, target: withModels, target_exists: true, created_at: created.body.created_at });
    expect(Date.parse(replaced.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.created_at));
    expect(aliases.resolve(alias)).toBe(withModels);
    expect(aliases.aliasesOf(`${withModels}/fast`)).toEqual([]);
    expect(aliases.aliasesOf(withModels)).toEqual([alias]);
    expect(await listed(alias)).toEqual(replaced.body);

    expect(await gw.admin('DELETE', `/model-aliases/${alias}`)).toEqual({ status: 204, body: undefined });
    expect(aliases.resolve(alias)).toBeUndefined();
    expect(await listed(alias)).toBeUndefined();
    const again = await gw.admin('DELETE', `/model-aliases/${alias}`);
    expect({ status: again.status, code: again.body.error.code, message: again.body.error.message }).toEqual({
      status: 404,
      code: 'resource_not_found',
      message: `There is no model alias ${alias}.`,
    });
  });

  it('takes an alias holding slashes and colons (percent-encoded in the path), and an endpoint without models as a target', async () => {
    const alias = `${uniqueAlias('openai')}/gpt-4o:latest`;
    const created = await put(alias, { target: withoutModels });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ alias, target: withoutModels, target_exists: true });
    expect(aliases.resolve(alias)).toBe(withoutModels);
    expect((await gw.admin('DELETE', `/model-aliases/${encodeURIComponent(alias)}`)).status).toBe(204);
  });

  it('keeps an alias whose target left the catalog: it lists with target_exists false and still resolves to its target', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }], models: [model('old'), model('new')] });
    const alias = uniqueAlias('old-model');
    expect((await put(alias, { target: `${slug}/old` })).status).toBe(200);
    const models = await gw.admin('PUT', `/catalog/${slug}/models`, {
      models: [{ name: 'new', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0015' }],
    });
    expect(models.status).toBe(200);
    expect(await listed(alias)).toMatchObject({ alias, target: `${slug}/old`, target_exists: false });
    expect(aliases.resolve(alias)).toBe(`${slug}/old`);
    // Setting it again to the gone target is refused; to one that exists it is whole again.
    expect((await put(alias, { target: `${slug}/old` })).status).toBe(400);
    expect((await put(alias, { target: `${slug}/new` })).body).toMatchObject({ target_exists: true });
  });

  it('refuses, with 400 invalid_request and a message saying why, each alias or target that is not valid; nothing is stored', async () => {
    const alias = uniqueAlias('refused');
    const cases: Array<[string, unknown, string]> = [
      [
        'gpt 4o',
        { target: withModels },
        'An alias is 1 to 100 characters: letters, digits and . _ : / - , starting with a letter or a digit.',
      ],
      [
        '-gpt',
        { target: withModels },
        'An alias is 1 to 100 characters: letters, digits and . _ : / - , starting with a letter or a digit.',
      ],
      [
        'x'.repeat(101),
        { target: withModels },
        'An alias is 1 to 100 characters: letters, digits and . _ : / - , starting with a letter or a digit.',
      ],
      [
        'a\u0000b',
        { target: withModels },
        'An alias is 1 to 100 characters: letters, digits and . _ : / - , starting with a letter or a digit.',
      ],
      [
        'text.generate',
        { target: withModels },
        'text.generate is a canonical model id (<slug> or <slug>/<model>); an alias cannot be one.',
      ],
      [
        `${withModels}/fast`,
        { target: withModels },
        `${withModels}/fast is a canonical model id (<slug> or <slug>/<model>); an alias cannot be one.`,
      ],
      [
        alias,
        { target: 'gpt-4o-mini' },
        'The target gpt-4o-mini is not a canonical model id: <slug>/<model>, or <slug> alone for its default price.',
      ],
      [alias, { target: 'infra.t_nothing/fast' }, 'The target names infra.t_nothing, which is not in the catalog.'],
      [alias, { target: `${withModels}/medium` }, `medium is not a model of ${withModels} (its models: fast, slow).`],
      [alias, { target: `${withoutModels}/fast` }, `fast is not a model of ${withoutModels} (it has no models: name the slug alone).`],
      [
        alias,
        {},
        'The request is not valid. (target must be shorter than or equal to 201 characters; target should not be empty; target must be a string)',
      ],
      [alias, { target: withModels, note: 'x' }, 'The request is not valid. (property note should not exist)'],
    ];
    const answers = [];
    for (const [name, body] of cases) {
      const res = await put(name, body);
      const problems = res.body.error.details?.problems as string[] | undefined;
      answers.push(`${res.status} ${res.body.error.code}: ${res.body.error.message}${problems ? ` (${problems.join('; ')})` : ''}`);
    }
    expect(answers).toEqual(cases.map(([, , message]) => `400 invalid_request: ${message}`));
    expect(aliases.resolve(alias)).toBeUndefined();
    expect(await listed(alias)).toBeUndefined();
    // An alias that could never be set is simply absent.
    expect((await gw.admin('DELETE', '/model-aliases/a%00b')).body.error.code).toBe('resource_not_found');
  });

  it("refuses every caller but the operator: no token, a tenant's key, a tenant owner's session; an operator's session may", async () => {
    const alias = uniqueAlias('guarded');
    const { key } = await gw.createTenantWithKey();
    const owner = await ConsoleBrowser.signUp(gw);
    const path = `/api/admin/v1/model-aliases/${alias}`;
    const body = JSON.stringify({ target: withModels });
    const refused = [
      await fetch(`${gw.url}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }),
      await fetch(`${gw.url}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body,
      }),
      await fetch(`${gw.url}/api/admin/v1/model-aliases`, { headers: { authorization: `Bearer ${key}` } }),
    ].map(async (res) => `${res.status} ${((await res.json()) as { error: { code: string } }).error.code}`);
    expect(await Promise.all(refused)).toEqual(['401 invalid_admin_token', '401 invalid_admin_token', '401 invalid_admin_token']);
    const byOwner = [
      await owner.admin('PUT', `/model-aliases/${alias}`, { target: withModels }),
      await owner.admin('GET', '/model-aliases'),
    ];
    expect(byOwner.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(['403 insufficient_role', '403 insufficient_role']);
    expect(aliases.resolve(alias)).toBeUndefined();

    const email = `op-${randomBytes(6).toString('hex')}@example.com`;
    expect((await gw.admin('POST', '/operators', { email, password: 'operator password 1', name: 'Alias Operator' })).status).toBe(201);
    const operator = new ConsoleBrowser(gw);
    expect((await operator.signIn(email, 'operator password 1')).status).toBe(200);
    expect((await operator.admin('PUT', `/model-aliases/${alias}`, { target: withModels }, { csrf: false })).body.error.code).toBe(
      'csrf_check_failed',
    );
    expect((await operator.admin('PUT', `/model-aliases/${alias}`, { target: withModels })).status).toBe(200);
    expect(aliases.resolve(alias)).toBe(withModels);
    expect((await operator.admin('DELETE', `/model-aliases/${alias}`)).status).toBe(204);
  });

  it('reaches every gateway process: a change through one is resolved by another on the same database and Redis', async () => {
    const other = await GatewayHarness.start({ REDIS_KEY_PREFIX: gw.config.REDIS_KEY_PREFIX });
    try {
      const theirs = other.app.get(ModelAliasesService);
      const alias = uniqueAlias('spread');
      // Before the change, so that only the broadcast (not a start-up load) can bring it.
      expect(theirs.resolve(alias)).toBeUndefined();
      expect((await put(alias, { target: `${withModels}/fast` })).status).toBe(200);
      await waitFor('the new alias on the other process', () => theirs.resolve(alias) === `${withModels}/fast`);
      expect((await put(alias, { target: `${withModels}/slow` })).status).toBe(200);
      await waitFor('the new target on the other process', () => theirs.resolve(alias) === `${withModels}/slow`);
      expect(theirs.aliasesOf(`${withModels}/slow`)).toEqual([alias]);
      // And back: removed through the other process, gone from this one.
      expect((await other.admin('DELETE', `/model-aliases/${alias}`)).status).toBe(204);
      await waitFor('the removal on this process', () => aliases.resolve(alias) === undefined);
    } finally {
      await other.close();
    }
  });
});
