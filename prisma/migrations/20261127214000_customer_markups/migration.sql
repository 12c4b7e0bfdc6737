-- A tenant's customer prices gain markups: a row is a fixed price of one meter (meter and price) or
-- a markup over the tenant's resale figure (markup_bps alone) on one slug or, slug '*', every slug.
-- The row shape is enforced in code (Prisma's schema engine cannot diff CHECK constraints).
ALTER TABLE "price_overrides" ADD COLUMN "markup_bps" INTEGER;

ALTER TABLE "price_overrides" ALTER COLUMN "meter" DROP NOT NULL;

ALTER TABLE "price_overrides" ALTER COLUMN "price_pico_usd_per_unit" DROP NOT NULL;

-- One markup per scope and slug. Markup rows have no meter, so the (slug, meter) indexes never see
-- two of them as equal (NULLs are distinct) and fixed prices stay unique per meter as before.
CREATE UNIQUE INDEX "price_overrides_tenant_id_slug_markup_key" ON "price_overrides"("tenant_id", "slug") WHERE (customer_id IS NULL AND markup_bps IS NOT NULL);

CREATE UNIQUE INDEX "price_overrides_customer_id_slug_markup_key" ON "price_overrides"("customer_id", "slug") WHERE (customer_id IS NOT NULL AND markup_bps IS NOT NULL);
