-- CreateEnum
CREATE TYPE "WebhookEndpointStatus" AS ENUM ('active', 'disabled');

-- CreateEnum
CREATE TYPE "WebhookDeliveryState" AS ENUM ('pending', 'delivered', 'failed');

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "expired_notified_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "budget_alerts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "budget_id" UUID NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "threshold_percent" SMALLINT NOT NULL,
    "spent_pico_usd" BIGINT NOT NULL,
    "cap_pico_usd" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "budget_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "events" TEXT[],
    "status" "WebhookEndpointStatus" NOT NULL DEFAULT 'active',
    "disabled_reason" VARCHAR(16),
    "secret_ciphertext" TEXT NOT NULL,
    "previous_secret_ciphertext" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event" VARCHAR(64) NOT NULL,
    "data" JSONB NOT NULL,
    "state" "WebhookDeliveryState" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "last_error" VARCHAR(500),
    "next_attempt_at" TIMESTAMPTZ(3),
    "retry_until" TIMESTAMPTZ(3) NOT NULL,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "http_status" INTEGER,
    "error" VARCHAR(500),
    "next_attempt_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("delivery_id","number")
);

-- CreateIndex
CREATE INDEX "budget_alerts_created_at_idx" ON "budget_alerts"("created_at") WHERE (published_at IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "budget_alerts_budget_id_period_start_threshold_percent_key" ON "budget_alerts"("budget_id", "period_start", "threshold_percent");

-- CreateIndex
CREATE INDEX "webhook_endpoints_tenant_id_created_at_id_idx" ON "webhook_endpoints"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoints_tenant_id_id_key" ON "webhook_endpoints"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_tenant_id_created_at_id_idx" ON "webhook_deliveries"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_id_idx" ON "webhook_deliveries"("endpoint_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");

-- CreateIndex
CREATE INDEX "api_keys_expires_at_idx" ON "api_keys"("expires_at") WHERE (expired_notified_at IS NULL AND expires_at IS NOT NULL AND status = 'active');

-- AddForeignKey
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_endpoint_id_fkey" FOREIGN KEY ("tenant_id", "endpoint_id") REFERENCES "webhook_endpoints"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Keys that expired before key.expired events existed are not announced now.
UPDATE "api_keys" SET "expired_notified_at" = "expires_at" WHERE "expires_at" <= now();
