-- AlterTable
ALTER TABLE "statements" ADD COLUMN     "plan_fee_pico_usd" DECIMAL(38,0) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "plan_assignments" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" UUID NOT NULL,
    "plan_id" UUID,
    "plan_name" VARCHAR(100),
    "monthly_fee_pico_usd" BIGINT NOT NULL,
    "effective_from" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plan_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statement_fee_lines" (
    "statement_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "plan_id" UUID,
    "plan_name" VARCHAR(100) NOT NULL,
    "monthly_fee_pico_usd" DECIMAL(38,0) NOT NULL,
    "held_from" TIMESTAMPTZ(3) NOT NULL,
    "held_until" TIMESTAMPTZ(3) NOT NULL,
    "fee_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "statement_fee_lines_pkey" PRIMARY KEY ("statement_id","position")
);

-- CreateIndex
CREATE INDEX "plan_assignments_tenant_id_effective_from_id_idx" ON "plan_assignments"("tenant_id", "effective_from", "id");

-- CreateIndex
CREATE INDEX "plan_assignments_effective_from_idx" ON "plan_assignments"("effective_from");

-- AddForeignKey
ALTER TABLE "plan_assignments" ADD CONSTRAINT "plan_assignments_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statement_fee_lines" ADD CONSTRAINT "statement_fee_lines_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Fee lines are frozen like the statement they are on.
CREATE TRIGGER statement_fee_lines_frozen BEFORE UPDATE OR DELETE ON "statement_fee_lines"
  FOR EACH ROW EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_fee_lines_not_truncated BEFORE TRUNCATE ON "statement_fee_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_frozen_statement_change();

-- The plan history starts with the plans tenants are on now, from their creation (when they last
-- changed plan was not recorded before): the months not closed yet charge that plan's fee.
INSERT INTO "plan_assignments" ("tenant_id", "plan_id", "plan_name", "monthly_fee_pico_usd", "effective_from")
SELECT t."id", p."id", p."name", p."monthly_fee_pico_usd", t."created_at"
FROM "tenants" t JOIN "plans" p ON p."id" = t."plan_id";
