-- Lines per slug and meter (issue 19): the meter lines of closed statements, frozen with them, and the
-- rollup per day, endpoint and meter that the operator's report by slug reads.

-- The months closed so far have lines per slug only: they keep false (their statements never change).
ALTER TABLE "statement_months" ADD COLUMN "has_meter_lines" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "statement_meter_lines" (
    "statement_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "meter" "Meter" NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "statement_meter_lines_pkey" PRIMARY KEY ("statement_id","endpoint_id","meter")
);

ALTER TABLE "statement_meter_lines" ADD CONSTRAINT "statement_meter_lines_statement_id_endpoint_id_fkey" FOREIGN KEY ("statement_id", "endpoint_id") REFERENCES "statement_lines"("statement_id", "endpoint_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Frozen like the other statement tables (20261124062552_monthly_statements).
CREATE TRIGGER statement_meter_lines_frozen BEFORE UPDATE OR DELETE ON "statement_meter_lines"
  FOR EACH ROW EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_meter_lines_not_truncated BEFORE TRUNCATE ON "statement_meter_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_frozen_statement_change();

CREATE TABLE "usage_daily_by_endpoint_meter" (
    "day" DATE NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "meter" "Meter" NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "usage_daily_by_endpoint_meter_pkey" PRIMARY KEY ("day","endpoint_id","meter")
);

-- Updated by every batch in place, like the other rollups (20261124065603_tenant_usage_rollups).
ALTER TABLE "usage_daily_by_endpoint_meter" SET (fillfactor = 70);

INSERT INTO "usage_daily_by_endpoint_meter" ("day", "endpoint_id", "meter", "quantity", "wholesale_pico_usd", "resale_pico_usd", "customer_price_pico_usd")
SELECT "day", "endpoint_id", "meter", sum("quantity"), sum("wholesale_pico_usd"), sum("resale_pico_usd"), sum("customer_price_pico_usd")
FROM "usage_daily_by_meter"
GROUP BY 1, 2, 3;
