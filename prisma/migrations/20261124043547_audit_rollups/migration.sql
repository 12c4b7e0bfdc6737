-- CreateTable
CREATE TABLE "usage_daily" (
    "day" DATE NOT NULL,
    "tenant_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "calls" BIGINT NOT NULL,
    "errors" BIGINT NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("day","tenant_id","customer_id","api_key_id","endpoint_id")
);

-- CreateTable
CREATE TABLE "usage_daily_by_tenant" (
    "day" DATE NOT NULL,
    "tenant_id" UUID NOT NULL,
    "calls" BIGINT NOT NULL,
    "errors" BIGINT NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "usage_daily_by_tenant_pkey" PRIMARY KEY ("day","tenant_id")
);

-- CreateTable
CREATE TABLE "usage_daily_by_endpoint" (
    "day" DATE NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "calls" BIGINT NOT NULL,
    "errors" BIGINT NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "usage_daily_by_endpoint_pkey" PRIMARY KEY ("day","endpoint_id")
);

-- CreateTable
CREATE TABLE "latency_daily" (
    "day" DATE NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "calls" BIGINT NOT NULL,
    "buckets" BIGINT[],

    CONSTRAINT "latency_daily_pkey" PRIMARY KEY ("endpoint_id","day")
);

-- CreateIndex
CREATE INDEX "usage_daily_tenant_id_day_idx" ON "usage_daily"("tenant_id", "day");

-- Backfill: the rollups of every audit record written before them (the statements of npm run rollups:rebuild).
INSERT INTO usage_daily (day, tenant_id, customer_id, api_key_id, endpoint_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd) SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid) AS tenant_id, coalesce(customer_id, '00000000-0000-0000-0000-000000000000'::uuid) AS customer_id, coalesce(api_key_id, '00000000-0000-0000-0000-000000000000'::uuid) AS api_key_id, coalesce(endpoint_id, '00000000-0000-0000-0000-000000000000'::uuid) AS endpoint_id, count(*) AS calls, count(*) FILTER (WHERE http_status >= 400) AS errors, sum(quantity) AS quantity, sum(wholesale_pico_usd) AS wholesale_pico_usd, sum(resale_pico_usd) AS resale_pico_usd, sum(customer_price_pico_usd) AS customer_price_pico_usd FROM audit_records GROUP BY 1, 2, 3, 4, 5;
INSERT INTO usage_daily_by_tenant (day, tenant_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd) SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid) AS tenant_id, count(*) AS calls, count(*) FILTER (WHERE http_status >= 400) AS errors, sum(quantity) AS quantity, sum(wholesale_pico_usd) AS wholesale_pico_usd, sum(resale_pico_usd) AS resale_pico_usd, sum(customer_price_pico_usd) AS customer_price_pico_usd FROM audit_records GROUP BY 1, 2;
INSERT INTO usage_daily_by_endpoint (day, endpoint_id, calls, errors, quantity, wholesale_pico_usd, resale_pico_usd, customer_price_pico_usd) SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(endpoint_id, '00000000-0000-0000-0000-000000000000'::uuid) AS endpoint_id, count(*) AS calls, count(*) FILTER (WHERE http_status >= 400) AS errors, sum(quantity) AS quantity, sum(wholesale_pico_usd) AS wholesale_pico_usd, sum(resale_pico_usd) AS resale_pico_usd, sum(customer_price_pico_usd) AS customer_price_pico_usd FROM audit_records GROUP BY 1, 2;
INSERT INTO latency_daily (day, endpoint_id, calls, buckets) SELECT (created_at AT TIME ZONE 'UTC')::date AS day, endpoint_id, count(*) AS calls, ARRAY[count(*) FILTER (WHERE latency_ms <= 1), count(*) FILTER (WHERE latency_ms <= 2 AND latency_ms > 1), count(*) FILTER (WHERE latency_ms <= 3 AND latency_ms > 2), count(*) FILTER (WHERE latency_ms <= 5 AND latency_ms > 3), count(*) FILTER (WHERE latency_ms <= 7 AND latency_ms > 5), count(*) FILTER (WHERE latency_ms <= 10 AND latency_ms > 7), count(*) FILTER (WHERE latency_ms <= 15 AND latency_ms > 10), count(*) FILTER (WHERE latency_ms <= 20 AND latency_ms > 15), count(*) FILTER (WHERE latency_ms <= 30 AND latency_ms > 20), count(*) FILTER (WHERE latency_ms <= 50 AND latency_ms > 30), count(*) FILTER (WHERE latency_ms <= 70 AND latency_ms > 50), count(*) FILTER (WHERE latency_ms <= 100 AND latency_ms > 70), count(*) FILTER (WHERE latency_ms <= 150 AND latency_ms > 100), count(*) FILTER (WHERE latency_ms <= 200 AND latency_ms > 150), count(*) FILTER (WHERE latency_ms <= 300 AND latency_ms > 200), count(*) FILTER (WHERE latency_ms <= 500 AND latency_ms > 300), count(*) FILTER (WHERE latency_ms <= 700 AND latency_ms > 500), count(*) FILTER (WHERE latency_ms <= 1000 AND latency_ms > 700), count(*) FILTER (WHERE latency_ms <= 1500 AND latency_ms > 1000), count(*) FILTER (WHERE latency_ms <= 2000 AND latency_ms > 1500), count(*) FILTER (WHERE latency_ms <= 3000 AND latency_ms > 2000), count(*) FILTER (WHERE latency_ms <= 5000 AND latency_ms > 3000), count(*) FILTER (WHERE latency_ms <= 7000 AND latency_ms > 5000), count(*) FILTER (WHERE latency_ms <= 10000 AND latency_ms > 7000), count(*) FILTER (WHERE latency_ms <= 15000 AND latency_ms > 10000), count(*) FILTER (WHERE latency_ms <= 20000 AND latency_ms > 15000), count(*) FILTER (WHERE latency_ms <= 30000 AND latency_ms > 20000), count(*) FILTER (WHERE latency_ms <= 60000 AND latency_ms > 30000), count(*) FILTER (WHERE latency_ms > 60000)]::bigint[] AS buckets FROM audit_records WHERE http_status = 200 AND endpoint_id IS NOT NULL GROUP BY 1, 2;
