-- CreateEnum
CREATE TYPE "BudgetSubject" AS ENUM ('key', 'customer', 'tenant');

-- CreateEnum
CREATE TYPE "BudgetPeriod" AS ENUM ('daily', 'weekly', 'monthly', 'none');

-- CreateTable
CREATE TABLE "budgets" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "subject" "BudgetSubject" NOT NULL,
    "subject_id" UUID NOT NULL,
    "period" "BudgetPeriod" NOT NULL,
    "cap_pico_usd" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "budgets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "budget_spend" (
    "budget_id" UUID NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "spent_pico_usd" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "budget_spend_pkey" PRIMARY KEY ("budget_id","period_start")
);

-- CreateIndex
CREATE INDEX "budgets_tenant_id_idx" ON "budgets"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "budgets_subject_subject_id_key" ON "budgets"("subject", "subject_id");

-- CreateIndex
CREATE INDEX "api_keys_rotated_from_id_idx" ON "api_keys"("rotated_from_id");

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_spend" ADD CONSTRAINT "budget_spend_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- AlterTable
ALTER TABLE "audit_records" ADD COLUMN     "customer_budget_id" UUID,
ADD COLUMN     "key_budget_id" UUID,
ADD COLUMN     "tenant_budget_id" UUID;
