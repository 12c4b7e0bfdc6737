/**
 * Finds the money fields of an OpenAPI document that are not in the one wire form of money: a
 * reference to components.schemas.UsdAmount (a USD decimal string), under a name ending in `_usd`
 * (or `_usd_per_<unit>` for a price).
 *
 * WHAT IS MONEY (by name, so a new field cannot slip through by its type):
 *  - any name containing `usd` or `pico` (any case), or
 *  - any name with a word (split at `_` and at lower→upper case changes) in MONEY_WORDS.
 * Names that match but are not amounts are listed in NOT_MONEY, each with its reason.
 *
 * WHERE: every property of every schema (components.schemas, request bodies, responses and
 * parameters' schemas, of paths, webhooks and components), at any depth: properties, items, prefixItems,
 * allOf/anyOf/oneOf, additionalProperties, not; and every parameter (path, query, header, cookie)
 * by its name.
 *
 * A money property passes only if it is
 *  - a reference to UsdAmount ({$ref}, or allOf: [{$ref}] with annotations and at most
 *    `type: 'string'` beside it), possibly nullable (anyOf: [that, {type: 'null'}]), or an array
 *    of those; and named `…_usd` or `…_usd_per_<unit>`, without `pico`;
 *  - or a container: an object schema with properties (or an array of those), walked in turn
 *    (e.g. `totals`, `prices`);
 *  - or a listed EXCEPTION (the public call's `billed_usd`, a JSON number per the specification),
 *    which must then be exactly what the exception says.
 */

export const USD_AMOUNT_REF = '#/components/schemas/UsdAmount';

export const MONEY_WORDS = new Set([
  'amount',
  'amounts',
  'balance',
  'billed',
  'cap',
  'caps',
  'charge',
  'charged',
  'charges',
  'cost',
  'costs',
  'credit',
  'debit',
  'fee',
  'fees',
  'held',
  'hold',
  'holds',
  'margin',
  'margins',
  'owed',
  'paid',
  'price',
  'prices',
  'pricing',
  'refund',
  'resale',
  'revenue',
  'revenues',
  'spend',
  'spent',
  'wholesale',
]);

/** Names that contain a money word but are not amounts. */
export const NOT_MONEY: Record<string, string> = {
  resale_discount_bps: "a plan's discount on resale prices, in basis points (a ratio, not an amount)",
};

/** The only money properties not in the UsdAmount form, where they are and what they must be. */
export const EXCEPTIONS: Array<{ schema: string; property: string; type: string; why: string }> = [
  {
    schema: 'CallResponseEnvelope',
    property: 'billed_usd',
    type: 'number',
    why: 'the public call response carries billed_usd as a JSON number (spec.md, "Response envelope")',
  },
  {
    schema: 'CallMeterUsage',
    property: 'billed_usd',
    type: 'number',
    why: "each meter's share of the public call's billed_usd, in the same form as the total it sums to",
  },
];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function isMoneyName(name: string): boolean {
  if (name in NOT_MONEY) return false;
  if (/usd|pico/i.test(name)) return true;
  return name
    .split(/_|-|(?<=[a-z0-9])(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .some((word) => MONEY_WORDS.has(word));
}

export interface MoneyReport {
  /** Where a money field is in another form: `<where>: <why>`. */
  violations: string[];
  /** Every money field that passed (as a UsdAmount), by where. */
  amounts: string[];
  /** The exceptions found (by `schema.property`). */
  exceptions: string[];
}

export function checkMoneyFields(doc: Json): MoneyReport {
  const report: MoneyReport = { violations: [], amounts: [], exceptions: [] };
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};

  const resolve = (s: unknown): unknown => {
    if (isObject(s) && typeof s.$ref === 'string' && s.$ref.startsWith('#/components/schemas/')) {
      return schemas[s.$ref.slice('#/components/schemas/'.length)];
    }
    return s;
  };

  /** A reference to UsdAmount: {$ref}, allOf [{$ref}] (+ annotations, `type: string` at most), nullable, or an array of them. */
  const isUsdAmount = (s: unknown): boolean => {
    if (!isObject(s)) return false;
    if (s.$ref === USD_AMOUNT_REF) return true;
    if (s.type !== undefined && s.type !== 'string' && s.type !== 'array') return false;
    if (s.oneOf !== undefined) return false;
    if (s.type === 'array') return isUsdAmount(s.items);
    if (Array.isArray(s.allOf)) return s.allOf.length === 1 && isUsdAmount(s.allOf[0]) && s.anyOf === undefined;
    if (Array.isArray(s.anyOf)) {
      const [some, none] = [
        s.anyOf.filter((x) => !(isObject(x) && x.type === 'null')),
        s.anyOf.filter((x) => isObject(x) && x.type === 'null'),
      ];
      return some.length === 1 && none.length === s.anyOf.length - 1 && isUsdAmount(some[0]);
    }
    return false;
  };

  /** An object with properties (a group of fields, walked on its own), or an array or nullable of one. */
  const isContainer = (s: unknown, depth = 0): boolean => {
    if (depth > 5) return false;
    const r = resolve(s);
    if (!isObject(r) || isUsdAmount(r)) return false;
    if (isObject(r.properties) && Object.keys(r.properties).length > 0) return true;
    if (r.type === 'array' || (Array.isArray(r.type) && r.type.includes('array'))) return isContainer(r.items, depth + 1);
    for (const key of ['allOf', 'anyOf'] as const) {
      const list = r[key];
      if (Array.isArray(list)) {
        const some = list.filter((x) => !(isObject(x) && x.type === 'null'));
        if (some.length > 0 && some.every((x) => isContainer(x, depth + 1))) return true;
      }
    }
    return false;
  };

  const checkField = (name: string, schema: unknown, where: string, componentName: string | null) => {
    const exception = EXCEPTIONS.find((e) => e.schema === componentName && e.property === name);
    if (exception) {
      report.exceptions.push(`${exception.schema}.${exception.property}`);
      if (!isObject(schema) || schema.type !== exception.type) {
        report.violations.push(`${where}: the exception (${exception.why}) must be of type ${exception.type}`);
      }
      return;
    }
    if (!isMoneyName(name)) return;
    if (isUsdAmount(schema)) {
      if (/pico/i.test(name) || !/_usd(_per_[a-z0-9_]+)?$/.test(name)) {
        report.violations.push(`${where}: a money field is named \`…_usd\` (or \`…_usd_per_<unit>\`), never pico`);
      } else {
        report.amounts.push(where);
      }
      return;
    }
    if (isContainer(schema)) return;
    report.violations.push(`${where}: money, but not a $ref to ${USD_AMOUNT_REF}: ${JSON.stringify(schema).slice(0, 160)}`);
  };

  const walk = (s: unknown, where: string, componentName: string | null): void => {
    if (!isObject(s)) return;
    if (isObject(s.properties)) {
      for (const [name, prop] of Object.entries(s.properties)) {
        checkField(name, prop, `${where}.${name}`, componentName);
        walk(prop, `${where}.${name}`, null);
      }
    }
    for (const key of ['items', 'additionalProperties', 'not']) if (key in s) walk(s[key], `${where}[${key}]`, componentName);
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
      const list = s[key];
      if (Array.isArray(list)) list.forEach((x, i) => walk(x, `${where}[${key}.${i}]`, componentName));
    }
  };

  const content = (c: unknown, where: string) => {
    if (!isObject(c)) return;
    for (const [media, m] of Object.entries(c)) if (isObject(m)) walk(m.schema, `${where} ${media}`, null);
  };
  const parameter = (p: unknown, where: string) => {
    if (!isObject(p) || typeof p.name !== 'string') return;
    const at = `${where} ${String(p.in)} parameter ${p.name}`;
    checkField(p.name, p.schema, at, null);
    walk(p.schema, at, null);
    content(p.content, at);
  };
  const operation = (op: unknown, where: string) => {
    if (!isObject(op)) return;
    if (Array.isArray(op.parameters)) op.parameters.forEach((p) => parameter(p, where));
    if (isObject(op.requestBody)) content(op.requestBody.content, `${where} request body`);
    if (isObject(op.responses))
      for (const [status, r] of Object.entries(op.responses)) if (isObject(r)) content(r.content, `${where} ${status}`);
  };

  const pathItems = [
    ...Object.entries(isObject(doc.paths) ? doc.paths : {}),
    ...Object.entries(isObject(doc.webhooks) ? doc.webhooks : {}).map(([name, item]): [string, unknown] => [`webhook ${name}`, item]),
  ];
  for (const [path, item] of pathItems) {
    if (!isObject(item)) continue;
    if (Array.isArray(item.parameters)) item.parameters.forEach((p) => parameter(p, path));
    for (const method of HTTP_METHODS) operation(item[method], `${method.toUpperCase()} ${path}`);
  }
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === 'UsdAmount') continue;
    walk(schema, `components.schemas.${name}`, name);
  }
  const components = isObject(doc.components) ? doc.components : {};
  for (const [name, p] of Object.entries(isObject(components.parameters) ? components.parameters : {}))
    parameter(p, `components.parameters.${name}`);
  for (const [name, b] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {})) {
    if (isObject(b)) content(b.content, `components.requestBodies.${name}`);
  }
  for (const [name, r] of Object.entries(isObject(components.responses) ? components.responses : {})) {
    if (isObject(r)) content(r.content, `components.responses.${name}`);
  }
  return report;
}
