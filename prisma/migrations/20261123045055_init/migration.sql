-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Category" AS ENUM ('text', 'vision', 'voice', 'media', 'data', 'id', 'pay', 'infra');

-- CreateEnum
CREATE TYPE "BillingUnit" AS ENUM ('tokens_1k', 'image', 'minute', 'generation', 'record', 'verification', 'transaction', 'call');

-- CreateEnum
CREATE TYPE "TenantStatus" AS ENUM ('active', 'suspended');

-- CreateEnum
CREATE TYPE "ApiKeyStatus" AS ENUM ('active', 'revoked');

-- CreateEnum
CREATE TYPE "ProviderKind" AS ENUM ('http', 'simulator', 'openai');

-- CreateTable
CREATE TABLE "tenants" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "TenantStatus" NOT NULL DEFAULT 'active',
    "parent_id" UUID,
    "rate_limit_per_window" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "prefix" VARCHAR(32) NOT NULL,
    "secret_hash" BYTEA NOT NULL,
    "status" "ApiKeyStatus" NOT NULL DEFAULT 'active',
    "rate_limit_per_window" INTEGER,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_endpoints" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "category" "Category" NOT NULL,
    "billing_unit" "BillingUnit" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "wholesale_micro_usd_per_unit" BIGINT NOT NULL,
    "resale_micro_usd_per_unit" BIGINT NOT NULL,
    "default_rate_limit" INTEGER NOT NULL,
    "declared_latency_ms" INTEGER NOT NULL,
    "streamable" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "catalog_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upstreams" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "ProviderKind" NOT NULL,
    "base_url" TEXT,
    "path" TEXT NOT NULL DEFAULT '',
    "timeout_ms" INTEGER NOT NULL DEFAULT 30000,
    "auth_header" TEXT,
    "auth_scheme" TEXT,
    "auth_secret_env" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "upstreams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "endpoint_limits" (
    "endpoint_id" UUID NOT NULL,
    "requests_per_window" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "endpoint_limits_pkey" PRIMARY KEY ("endpoint_id")
);

-- CreateTable
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
    "wholesale_micro_usd" BIGINT NOT NULL DEFAULT 0,
    "resale_micro_usd" BIGINT NOT NULL DEFAULT 0,
    "stream_outcome" VARCHAR(16),

    CONSTRAINT "audit_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "tenants_parent_id_idx" ON "tenants"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE INDEX "api_keys_tenant_id_idx" ON "api_keys"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "catalog_endpoints_slug_key" ON "catalog_endpoints"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "upstreams_endpoint_id_position_key" ON "upstreams"("endpoint_id", "position");

-- CreateIndex
CREATE INDEX "audit_records_created_at_id_idx" ON "audit_records"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_records_tenant_id_created_at_idx" ON "audit_records"("tenant_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_records_api_key_id_created_at_idx" ON "audit_records"("api_key_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_records_endpoint_id_created_at_idx" ON "audit_records"("endpoint_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "tenants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upstreams" ADD CONSTRAINT "upstreams_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "catalog_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "endpoint_limits" ADD CONSTRAINT "endpoint_limits_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "catalog_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
