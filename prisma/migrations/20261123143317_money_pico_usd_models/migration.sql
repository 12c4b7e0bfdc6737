-- Money moves from integer micro-USD to integer pico-USD (1e-12 USD): a cheap call (a 3-token
-- embedding) no longer rounds to 0. Hand-edited: the columns are renamed and their values
-- multiplied by 1,000,000 (one table rewrite each, via ALTER TYPE ... USING) instead of dropped
-- and re-created. int8 holds 9.2e18 pico-USD (9.2 million USD) per row, and a larger value aborts the
-- migration with an overflow error.

-- Audit rows: rename, convert, and record how the quantity was obtained.
ALTER TABLE "audit_records" RENAME COLUMN "wholesale_micro_usd" TO "wholesale_pico_usd";
ALTER TABLE "audit_records" RENAME COLUMN "resale_micro_usd" TO "resale_pico_usd";
ALTER TABLE "audit_records"
  ALTER COLUMN "wholesale_pico_usd" TYPE BIGINT USING "wholesale_pico_usd" * 1000000,
  ALTER COLUMN "resale_pico_usd" TYPE BIGINT USING "resale_pico_usd" * 1000000,
  ADD COLUMN "usage_source" VARCHAR(16);

-- Catalog prices: pico-USD per billing unit and the per-call usage sanity cap.
ALTER TABLE "catalog_endpoints" RENAME COLUMN "wholesale_micro_usd_per_unit" TO "wholesale_pico_usd_per_unit";
ALTER TABLE "catalog_endpoints" RENAME COLUMN "resale_micro_usd_per_unit" TO "resale_pico_usd_per_unit";
ALTER TABLE "catalog_endpoints"
  ALTER COLUMN "wholesale_pico_usd_per_unit" TYPE BIGINT USING "wholesale_pico_usd_per_unit" * 1000000,
  ALTER COLUMN "resale_pico_usd_per_unit" TYPE BIGINT USING "resale_pico_usd_per_unit" * 1000000,
  ADD COLUMN "max_quantity_per_call" BIGINT;

-- The operator fixes the upstream-side model, and an upstream may serve one endpoint model.
ALTER TABLE "upstreams" ADD COLUMN "model" VARCHAR(200),
ADD COLUMN "serves_model" VARCHAR(100);

-- Models a caller may choose on one endpoint, each at its own price.
CREATE TABLE "endpoint_models" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "position" INTEGER NOT NULL,
    "wholesale_pico_usd_per_unit" BIGINT NOT NULL,
    "resale_pico_usd_per_unit" BIGINT NOT NULL,

    CONSTRAINT "endpoint_models_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "endpoint_models_endpoint_id_name_key" ON "endpoint_models"("endpoint_id", "name");

ALTER TABLE "endpoint_models" ADD CONSTRAINT "endpoint_models_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "catalog_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
