-- audit_records becomes a table partitioned by month of created_at (UTC calendar months), so that
-- retention drops whole months and the indexes of each month stay small. The primary key must hold the
-- partition key: (id, created_at). The application (AuditPartitions) creates the months ahead and
-- drops the ones past AUDIT_RETENTION_MONTHS; the default partition takes any row no month holds
-- yet, so no record is ever refused (AuditPartitions moves such rows into their month).
--
-- Existing rows are copied into their months here: on a large trail this migration takes a while
-- (it rewrites the table once), with the audit writers waiting (they retry, then spill to disk).

ALTER TABLE "audit_records" RENAME TO "audit_records_unpartitioned";
ALTER TABLE "audit_records_unpartitioned" RENAME CONSTRAINT "audit_records_pkey" TO "audit_records_unpartitioned_pkey";
DROP INDEX "audit_records_created_at_id_idx";
DROP INDEX "audit_records_tenant_id_created_at_idx";
DROP INDEX "audit_records_customer_id_created_at_idx";
DROP INDEX "audit_records_api_key_id_created_at_idx";
DROP INDEX "audit_records_endpoint_id_created_at_idx";

CREATE TABLE "audit_records" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "tenant_id" UUID,
    "api_key_id" UUID,
    "endpoint_id" UUID,
    "method" VARCHAR(8) NOT NULL,
    "http_status" SMALLINT NOT NULL,
    "error_code" VARCHAR(48),
    "latency_ms" INTEGER NOT NULL,
    "client_ip" INET,
    "upstream_id" UUID,
    "providers_tried" SMALLINT NOT NULL DEFAULT 0,
    "quantity" BIGINT NOT NULL DEFAULT 0,
    "wholesale_pico_usd" BIGINT NOT NULL DEFAULT 0,
    "resale_pico_usd" BIGINT NOT NULL DEFAULT 0,
    "stream_outcome" VARCHAR(16),
    "usage_source" VARCHAR(16),
    "customer_id" UUID,
    "customer_price_pico_usd" BIGINT NOT NULL DEFAULT 0,
    "customer_budget_id" UUID,
    "key_budget_id" UUID,
    "tenant_budget_id" UUID,

    CONSTRAINT "audit_records_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

CREATE TABLE "audit_records_default" PARTITION OF "audit_records" DEFAULT;

-- One partition per month that has rows (none on a new database: the application adds them).
DO $$
DECLARE
  month timestamptz;
BEGIN
  FOR month IN
    SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM "audit_records_unpartitioned"
  LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "audit_records" FOR VALUES FROM (%L) TO (%L)',
      'audit_records_' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM'),
      month,
      (month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC'
    );
  END LOOP;
END $$;

INSERT INTO "audit_records" (
    "id", "created_at", "tenant_id", "api_key_id", "endpoint_id", "method", "http_status", "error_code", "latency_ms", "client_ip",
    "upstream_id", "providers_tried", "quantity", "wholesale_pico_usd", "resale_pico_usd", "stream_outcome", "usage_source",
    "customer_id", "customer_price_pico_usd", "customer_budget_id", "key_budget_id", "tenant_budget_id")
SELECT
    "id", "created_at", "tenant_id", "api_key_id", "endpoint_id", "method", "http_status", "error_code", "latency_ms", "client_ip",
    "upstream_id", "providers_tried", "quantity", "wholesale_pico_usd", "resale_pico_usd", "stream_outcome", "usage_source",
    "customer_id", "customer_price_pico_usd", "customer_budget_id", "key_budget_id", "tenant_budget_id"
FROM "audit_records_unpartitioned";

DROP TABLE "audit_records_unpartitioned";

-- Indexes on the parent: Postgres creates (and later attaches) one per partition.
CREATE INDEX "audit_records_created_at_id_idx" ON "audit_records"("created_at" DESC, "id" DESC);
CREATE INDEX "audit_records_tenant_id_created_at_idx" ON "audit_records"("tenant_id", "created_at" DESC);
CREATE INDEX "audit_records_customer_id_created_at_idx" ON "audit_records"("customer_id", "created_at" DESC);
CREATE INDEX "audit_records_api_key_id_created_at_idx" ON "audit_records"("api_key_id", "created_at" DESC);
CREATE INDEX "audit_records_endpoint_id_created_at_idx" ON "audit_records"("endpoint_id", "created_at" DESC);
CREATE INDEX "audit_records_tenant_slug_status_idx" ON "audit_records"("tenant_id", "endpoint_id", "http_status", "created_at" DESC, "id" DESC);
CREATE INDEX "audit_records_slug_status_idx" ON "audit_records"("endpoint_id", "http_status", "created_at" DESC, "id" DESC);

-- CreateTable
CREATE TABLE "audit_retention" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "purged_before" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audit_retention_pkey" PRIMARY KEY ("id")
);
