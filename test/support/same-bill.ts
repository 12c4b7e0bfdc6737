/** The audit fields that make a call's bill: equal for two calls with the same input, whichever door each came through. */
export const BILL_FIELDS = [
  'endpointId',
  'quantity',
  'wholesalePicoUsd',
  'resalePicoUsd',
  'customerPricePicoUsd',
  'meters',
  'upstreamId',
] as const;

type BilledRecord = { door: string } & { [F in (typeof BILL_FIELDS)[number]]: unknown };

/** A call through the OpenAI door was billed and audited as the slug door's call with the same input. */
export function expectSameBill(door: BilledRecord, slug: BilledRecord): void {
  expect([door.door, slug.door]).toEqual(['openai', 'slug']);
  for (const field of BILL_FIELDS) expect([field, door[field]]).toEqual([field, slug[field]]);
}
