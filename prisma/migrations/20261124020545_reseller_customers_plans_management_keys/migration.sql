-- CreateEnum
CREATE TYPE "TenantKind" AS ENUM ('reseller', 'direct');

-- CreateEnum
CREATE TYPE "CustomerStatus" AS ENUM ('active', 'suspended');

-- CreateEnum
CREATE TYPE "ManagementKeyStatus" AS ENUM ('active', 'revoked');

-- DropForeignKey
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_parent_id_fkey";

-- DropIndex
DROP INDEX "api_keys_tenant_id_idx";

-- DropIndex
DROP INDEX "tenants_parent_id_idx";

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "customer_id" UUID,
ADD COLUMN     "rotated_from_id" UUID;

-- AlterTable
ALTER TABLE "tenants" DROP COLUMN "parent_id",
ADD COLUMN     "kind" "TenantKind" NOT NULL DEFAULT 'direct',
ADD COLUMN     "plan_id" UUID;

-- CreateTable
CREATE TABLE "plans" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "monthly_fee_pico_usd" BIGINT NOT NULL,
    "resale_discount_bps" INTEGER NOT NULL DEFAULT 0,
    "request_limit_per_window" INTEGER,
    "default_monthly_spend_cap_pico_usd" BIGINT,
    "allowed_categories" "Category"[],
    "public" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "external_id" VARCHAR(200),
    "status" "CustomerStatus" NOT NULL DEFAULT 'active',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "management_keys" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "prefix" VARCHAR(32) NOT NULL,
    "secret_hash" BYTEA NOT NULL,
    "status" "ManagementKeyStatus" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "management_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "plans_name_key" ON "plans"("name");

-- CreateIndex
CREATE INDEX "plans_created_at_id_idx" ON "plans"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "customers_tenant_id_created_at_id_idx" ON "customers"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "customers_tenant_id_id_key" ON "customers"("tenant_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "customers_tenant_id_external_id_key" ON "customers"("tenant_id", "external_id") WHERE (deleted_at IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "management_keys_prefix_key" ON "management_keys"("prefix");

-- CreateIndex
CREATE INDEX "management_keys_tenant_id_created_at_id_idx" ON "management_keys"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "api_keys_tenant_id_created_at_id_idx" ON "api_keys"("tenant_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "api_keys_customer_id_idx" ON "api_keys"("customer_id");

-- CreateIndex
CREATE INDEX "tenants_created_at_id_idx" ON "tenants"("created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "management_keys" ADD CONSTRAINT "management_keys_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_customer_id_fkey" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
