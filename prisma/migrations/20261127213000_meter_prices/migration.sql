-- Prices per meter (issue 19): every price so far becomes one meter, the one of its slug's billing unit
-- (src/catalog/meters.ts DEFAULT_METER), at the same wholesale and resale prices per unit.
CREATE TABLE "meter_prices" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "model_id" UUID,
    "meter" "Meter" NOT NULL,
    "wholesale_pico_usd_per_unit" BIGINT NOT NULL,
    "resale_pico_usd_per_unit" BIGINT NOT NULL,

    CONSTRAINT "meter_prices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "meter_prices_endpoint_id_meter_key" ON "meter_prices"("endpoint_id", "meter") WHERE (model_id IS NULL);

CREATE UNIQUE INDEX "meter_prices_model_id_meter_key" ON "meter_prices"("model_id", "meter") WHERE (model_id IS NOT NULL);

ALTER TABLE "meter_prices" ADD CONSTRAINT "meter_prices_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "catalog_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "meter_prices" ADD CONSTRAINT "meter_prices_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "endpoint_models"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION pg_temp.default_meter(unit "BillingUnit") RETURNS "Meter" LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE unit
    WHEN 'tokens_1k' THEN 'tokens' WHEN 'image' THEN 'images' WHEN 'minute' THEN 'minutes'
    WHEN 'generation' THEN 'generations' WHEN 'record' THEN 'records' WHEN 'verification' THEN 'verifications'
    WHEN 'transaction' THEN 'transactions' WHEN 'call' THEN 'calls' END)::"Meter"
$$;

INSERT INTO "meter_prices" ("endpoint_id", "model_id", "meter", "wholesale_pico_usd_per_unit", "resale_pico_usd_per_unit")
SELECT e."id", NULL, pg_temp.default_meter(e."billing_unit"), e."wholesale_pico_usd_per_unit", e."resale_pico_usd_per_unit"
FROM "catalog_endpoints" e;

INSERT INTO "meter_prices" ("endpoint_id", "model_id", "meter", "wholesale_pico_usd_per_unit", "resale_pico_usd_per_unit")
SELECT m."endpoint_id", m."id", pg_temp.default_meter(e."billing_unit"), m."wholesale_pico_usd_per_unit", m."resale_pico_usd_per_unit"
FROM "endpoint_models" m JOIN "catalog_endpoints" e ON e."id" = m."endpoint_id";

ALTER TABLE "catalog_endpoints" DROP COLUMN "wholesale_pico_usd_per_unit",
DROP COLUMN "resale_pico_usd_per_unit";

ALTER TABLE "endpoint_models" DROP COLUMN "wholesale_pico_usd_per_unit",
DROP COLUMN "resale_pico_usd_per_unit";

-- The audit record's usage and amounts per meter, and their daily rollup.
ALTER TABLE "audit_records" ADD COLUMN "meters" JSONB;

CREATE TABLE "usage_daily_by_meter" (
    "tenant_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "customer_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "meter" "Meter" NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "usage_daily_by_meter_pkey" PRIMARY KEY ("tenant_id","day","customer_id","endpoint_id","meter")
);

-- The audit trail so far billed in one meter per call: its meter rows, from the records still held.
INSERT INTO "usage_daily_by_meter" ("tenant_id", "day", "customer_id", "endpoint_id", "meter", "quantity", "wholesale_pico_usd", "resale_pico_usd", "customer_price_pico_usd")
SELECT u."tenant_id", u."day", u."customer_id", u."endpoint_id", pg_temp.default_meter(e."billing_unit"),
       sum(u."quantity"), sum(u."wholesale_pico_usd"), sum(u."resale_pico_usd"), sum(u."customer_price_pico_usd")
FROM "usage_daily" u JOIN "catalog_endpoints" e ON e."id" = u."endpoint_id"
GROUP BY 1, 2, 3, 4, 5
HAVING sum(u."quantity") <> 0 OR sum(u."wholesale_pico_usd") <> 0 OR sum(u."resale_pico_usd") <> 0 OR sum(u."customer_price_pico_usd") <> 0;

-- A tenant's prices for its customers are per meter too: each price so far is for its slug's one meter.
ALTER TABLE "price_overrides" ADD COLUMN "meter" "Meter";

UPDATE "price_overrides" p SET "meter" = pg_temp.default_meter(e."billing_unit")
FROM "catalog_endpoints" e WHERE e."slug" = p."slug";

-- A price for a slug no longer in the catalog bills nothing (prices are set only on catalog slugs).
DELETE FROM "price_overrides" WHERE "meter" IS NULL;

ALTER TABLE "price_overrides" ALTER COLUMN "meter" SET NOT NULL;

DROP INDEX "price_overrides_tenant_id_slug_key";

DROP INDEX "price_overrides_customer_id_slug_key";

CREATE UNIQUE INDEX "price_overrides_tenant_id_slug_meter_key" ON "price_overrides"("tenant_id", "slug", "meter") WHERE (customer_id IS NULL);

CREATE UNIQUE INDEX "price_overrides_customer_id_slug_meter_key" ON "price_overrides"("customer_id", "slug", "meter") WHERE (customer_id IS NOT NULL);
