import { USD_AMOUNT_PATTERN } from '../../src/common/money/usd-amount.decorators';
import { GatewayHarness } from '../support/gateway-harness';
import { checkMoneyFields, EXCEPTIONS, isMoneyName, USD_AMOUNT_REF } from '../support/openapi-money';

/**
 * One money format in every API (docs/api/money.md): every money field of the OpenAPI
 * document, in and out, nested or not, body, answer or query parameter, references the one
 * UsdAmount component; the public call's `billed_usd` is the one listed exception. The rule of what
 * is money is in test/support/openapi-money.ts.
 */
describe('money in the OpenAPI document', () => {
  let harness: GatewayHarness;
  let doc: any;

  beforeAll(async () => {
    harness = await GatewayHarness.start();
    doc = await (await fetch(`${harness.url}/docs/openapi.json`)).json();
  });

  afterAll(() => harness?.close());

  test('components.schemas.UsdAmount is a USD decimal string with the pattern the API validates with', () => {
    const schema = doc.components.schemas.UsdAmount;
    expect(schema).toMatchObject({ type: 'string', pattern: USD_AMOUNT_PATTERN.source });
    expect(schema.description).toMatch(/12 decimals/);
    for (const example of schema.examples) expect(example).toMatch(new RegExp(schema.pattern));
  });

  test('every money field references UsdAmount and is named *_usd; the public billed_usd is the one exception', () => {
    const report = checkMoneyFields(doc);
    expect(report.violations).toEqual([]);
    // The exceptions are where they are said to be (a stale list would hide nothing, but say so).
    expect([...new Set(report.exceptions)].sort()).toEqual(EXCEPTIONS.map((e) => `${e.schema}.${e.property}`).sort());
    // The walk found the money of every API (so it cannot pass by finding nothing).
    const where = report.amounts.join('\n');
    for (const expected of [
      'components.schemas.AuditRecordView.wholesale_usd',
      'components.schemas.ResellerAuditRecordView.customer_price_usd',
      'components.schemas.UsageRowView.resale_usd',
      'components.schemas.RevenueRowView.operator_margin_usd',
      'components.schemas.OperatorStatementSumsView.wholesale_usd',
      'components.schemas.StatementSumsView.reseller_margin_usd',
      'components.schemas.PriceView.price_usd_per_unit',
      'components.schemas.SetPriceRequest.price_usd_per_unit',
      'components.schemas.BudgetRequest.cap_usd',
      'components.schemas.BudgetView.remaining_usd',
      'components.schemas.PlanView.monthly_fee_usd',
      'components.schemas.CreatePlanRequest.default_monthly_spend_cap_usd',
      'components.schemas.CatalogEntryView.wholesale_usd_per_unit',
      'components.schemas.ModelRequest.resale_usd_per_unit',
      'components.schemas.PublicEndpointView.price_usd_per_unit',
    ]) {
      expect(where).toContain(expected);
    }
  });

  test('the stream (text/event-stream, a string schema) documents usage.cost_usd as a JSON number, per the specification', () => {
    const streams = Object.values<any>(doc.paths).flatMap((item) =>
      Object.values<any>(item).flatMap((op) =>
        Object.values<any>(op?.responses ?? {}).flatMap((r) => (r.content?.['text/event-stream'] ? [r.content['text/event-stream']] : [])),
      ),
    );
    expect(streams.length).toBeGreaterThan(0);
    for (const stream of streams) {
      expect(stream.schema).toEqual(expect.objectContaining({ type: 'string' }));
      const final = (stream.example as string).split('\n').find((line) => line.includes('"usage"'))!;
      expect(typeof JSON.parse(final.slice('data: '.length)).usage.cost_usd).toBe('number');
    }
  });

  describe('the check itself', () => {
    test.each([
      ['price_pico_usd_per_unit', true],
      ['wholesale_usd', true],
      ['monthlyFee', true],
      ['max_cost', true],
      ['cap', true],
      ['held', true],
      ['resale_discount_bps', false],
      ['capacity', false],
      ['max_quantity_per_call', false],
      ['usage_source', false],
    ])('%s is money: %s', (name, money) => {
      expect(isMoneyName(name)).toBe(money);
    });

    const amount = { $ref: USD_AMOUNT_REF };
    test.each<[string, (d: any) => void]>([
      ['an integer price in a component', (d) => (d.components.schemas.PriceView.properties.price_usd_per_unit = { type: 'integer' })],
      ['a plain string amount', (d) => (d.components.schemas.BudgetView.properties.spent_usd = { type: 'string' })],
      [
        'a string-or-number input',
        (d) => (d.components.schemas.BudgetRequest.properties.cap_usd = { oneOf: [amount, { type: 'number' }] }),
      ],
      ['a pico name on a UsdAmount', (d) => (d.components.schemas.BudgetView.properties.spent_pico_usd = amount)],
      ['an amount not named *_usd', (d) => (d.components.schemas.BudgetView.properties.owed = amount)],
      [
        'a money field nested in an inline array of objects of a response',
        (d) =>
          (d.paths['/healthz'].get.responses['200'].content = {
            'application/json': { schema: { type: 'array', items: { type: 'object', properties: { fee: { type: 'number' } } } } },
          }),
      ],
      [
        'a money field inside allOf',
        (d) => (d.components.schemas.Extra = { allOf: [{ type: 'object', properties: { revenue_usd: { type: 'string' } } }] }),
      ],
      [
        'a query parameter',
        (d) => d.paths['/healthz'].get.parameters.push({ name: 'min_cost_usd', in: 'query', schema: { type: 'number' } }),
      ],
      [
        'an inline request body',
        (d) =>
          (d.paths['/healthz'].get.requestBody = {
            content: { 'application/json': { schema: { type: 'object', properties: { amount_usd: { type: 'integer' } } } } },
          }),
      ],
      ['the exception in another form', (d) => (d.components.schemas.CallResponseEnvelope.properties.billed_usd = amount)],
    ])('flags %s', (_name, breakIt) => {
      const broken = structuredClone(doc);
      broken.paths['/healthz'].get.parameters ??= [];
      breakIt(broken);
      // One violation more than the document has (none, once every field is in the one form).
      const found = new Set(checkMoneyFields(doc).violations);
      expect(checkMoneyFields(broken).violations.filter((v) => !found.has(v))).toHaveLength(1);
    });
  });
});
