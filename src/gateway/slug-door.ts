import { BILLING_UNITS } from '../catalog/billing-units';
import { METERS } from '../catalog/meters';
import type { MeterCharge } from '../billing/billing.service';
import { picoUsdToUsdNumber, quantityToUnits } from '../common/money/money';
import { GatewayError } from '../common/errors/error-catalog';
import type { CallContext } from './call-context';
import { readCallInput } from './call-input';
import { sendJson, type CallDoor } from './call-door';
import type { CallMeterUsage, CallResponseEnvelope } from './dto/call-response.view';
import { validateInput } from './input-validation';
import { choosePricing } from './model-choice';

/**
 * The specification's door, `/api/public/v1/{slug}`: the input is the slug's own (a JSON body, or
 * the query string of a GET), the answer the envelope (`endpoint`, `status`, `request_id`,
 * `billed_usd`, `received_at`, `usage`, `result`), a stream's events `{ id, delta }` and a last
 * `{ id, done, usage }`.
 */
export const SLUG_DOOR: CallDoor = {
  async prepare(req, endpoint, bodyLimitBytes) {
    // A caller with budgets had its input read by the limit check (its hold is sized from it).
    const input = req.call.input ?? (await readCallInput(req, bodyLimitBytes));
    validateInput(endpoint.slug, input);
    if (wantsStream(input) && !endpoint.streamable) {
      throw new GatewayError('invalid_request', `The endpoint ${endpoint.slug} does not stream; omit "stream" or set it to false.`);
    }
    return { input, pricing: choosePricing(endpoint, input) };
  },

  send(req, res, endpoint, result) {
    const { call } = req;
    const envelope: CallResponseEnvelope = {
      endpoint: endpoint.slug,
      status: 'accepted',
      request_id: call.requestId,
      billed_usd: picoUsdToUsdNumber(call.customerPicoUsd),
      received_at: call.receivedAt.toISOString(),
      usage: {
        billing_unit: endpoint.billingUnit,
        quantity: Number(call.quantity),
        units: quantityToUnits(call.quantity, BILLING_UNITS[endpoint.billingUnit].perUnit),
        meters: meterUsage(call.meterCharges),
      },
      result,
    };
    sendJson(res, 200, envelope);
  },

  streamEvents(req) {
    const { call } = req;
    const id = `req_${call.requestId}`;
    return {
      chunk: (delta) => ({ id, delta }),
      completed: () => [{ id, done: true, usage: streamBill(call) }],
      failed: (code, message) => [{ id, error: { code, message }, done: true, usage: streamBill(call) }],
    };
  },
};

export function wantsStream(input: Record<string, unknown>): boolean {
  return input.stream === true;
}

/** A stream's last event's `usage`: what the stream was billed. */
function streamBill(call: CallContext): { calls: 1; cost_usd: number; meters: CallMeterUsage[] } {
  return { calls: 1, cost_usd: picoUsdToUsdNumber(call.customerPicoUsd), meters: meterUsage(call.meterCharges) };
}

/** The billed meters as the answer (and a stream's last event) shows them. */
export function meterUsage(charges: readonly MeterCharge[]): CallMeterUsage[] {
  return charges.map((c) => ({
    meter: c.meter,
    quantity: Number(c.quantity),
    units: quantityToUnits(c.quantity, METERS[c.meter].perUnit),
    billed_usd: picoUsdToUsdNumber(c.customerPicoUsd),
  }));
}
