import { BILLING_UNITS, CATEGORY_BILLING_UNIT } from '../../src/catalog/billing-units';
import { billingUnitOfSlug, CATEGORY_BILLING_UNIT as WEB_CATEGORY_BILLING_UNIT } from '../../web/src/lib/billing-units';
import { CATEGORY_UNIT_LABELS } from '../../web/src/lib/categories';

/** The admin's new-endpoint form names the unit a category bills in: the server's table, in its labels. */
describe('category billing units', () => {
  it('the web app names the unit the server bills each category in', () => {
    const server = Object.fromEntries(
      Object.entries(CATEGORY_BILLING_UNIT).map(([category, unit]) => [category, BILLING_UNITS[unit].label]),
    );
    expect(CATEGORY_UNIT_LABELS).toEqual(server);
  });

  it("the web app reads a call's billing unit from its slug's category as the server bills it", () => {
    expect(WEB_CATEGORY_BILLING_UNIT).toEqual(CATEGORY_BILLING_UNIT);
    expect([
      billingUnitOfSlug('text.generate'),
      billingUnitOfSlug('infra.dns'),
      billingUnitOfSlug(null),
      billingUnitOfSlug('nope'),
    ]).toEqual(['tokens_1k', 'call', null, null]);
  });
});
