import { randomUUID } from 'node:crypto';
import type { GatewayHarness } from './gateway-harness';

/**
 * A reseller (on a plan with this discount, when given) with two customers, Ada and Bob, a key of
 * each, and a key of its own; `api` calls the reseller API with its management key.
 */
export async function resellerWithCustomers(gw: GatewayHarness, resaleDiscountBps?: number) {
  const { tenantId, managementKey } = await gw.createReseller();
  if (resaleDiscountBps !== undefined) {
    const plan = await gw.admin<{ id: string }>('POST', '/plans', {
      name: `plan ${randomUUID()}`,
      monthly_fee_usd: '0',
      resale_discount_bps: resaleDiscountBps,
    });
    await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id });
  }
  const api = (method: string, path: string, body?: unknown) => gw.reseller(managementKey, method, path, body);
  const customer = async (name: string) => {
    const { id } = (await gw.reseller<{ id: string }>(managementKey, 'POST', '/customers', { name })).body;
    return { id, key: (await gw.reseller<{ key: string }>(managementKey, 'POST', `/customers/${id}/keys`, {})).body.key };
  };
  const [ada, bob] = [await customer('Ada'), await customer('Bob')];
  const ownKey = (await gw.reseller<{ key: string }>(managementKey, 'POST', '/keys', {})).body.key;
  return { tenantId, managementKey, api, ada, bob, ownKey };
}
