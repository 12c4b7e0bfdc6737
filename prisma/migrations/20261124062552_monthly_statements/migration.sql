-- CreateTable
CREATE TABLE "statement_months" (
    "month" DATE NOT NULL,
    "closed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "statement_months_pkey" PRIMARY KEY ("month")
);

-- CreateTable
CREATE TABLE "statements" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "customer_id" UUID,
    "month" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "calls" BIGINT NOT NULL,
    "errors" BIGINT NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statement_lines" (
    "statement_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "slug" VARCHAR(64),
    "category" "Category",
    "billing_unit" "BillingUnit",
    "calls" BIGINT NOT NULL,
    "errors" BIGINT NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "statement_lines_pkey" PRIMARY KEY ("statement_id","endpoint_id")
);

-- CreateTable
CREATE TABLE "statement_adjustments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "customer_id" UUID,
    "corrects_month" DATE NOT NULL,
    "statement_month" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "slug" VARCHAR(64),
    "category" "Category",
    "billing_unit" "BillingUnit",
    "calls" BIGINT NOT NULL,
    "errors" BIGINT NOT NULL,
    "quantity" DECIMAL(38,0) NOT NULL,
    "wholesale_pico_usd" DECIMAL(38,0) NOT NULL,
    "resale_pico_usd" DECIMAL(38,0) NOT NULL,
    "customer_price_pico_usd" DECIMAL(38,0) NOT NULL,

    CONSTRAINT "statement_adjustments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "statements_month_idx" ON "statements"("month");

-- CreateIndex
CREATE UNIQUE INDEX "statements_tenant_id_month_key" ON "statements"("tenant_id", "month") WHERE (customer_id IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "statements_tenant_id_customer_id_month_key" ON "statements"("tenant_id", "customer_id", "month") WHERE (customer_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "statement_adjustments_statement_month_tenant_id_customer_id_idx" ON "statement_adjustments"("statement_month", "tenant_id", "customer_id");

-- CreateIndex
CREATE INDEX "statement_adjustments_corrects_month_tenant_id_idx" ON "statement_adjustments"("corrects_month", "tenant_id");

-- AddForeignKey
ALTER TABLE "statements" ADD CONSTRAINT "statements_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "statements" ADD CONSTRAINT "statements_tenant_id_customer_id_fkey" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "statements" ADD CONSTRAINT "statements_month_fkey" FOREIGN KEY ("month") REFERENCES "statement_months"("month") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "statement_adjustments" ADD CONSTRAINT "statement_adjustments_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "statement_adjustments" ADD CONSTRAINT "statement_adjustments_tenant_id_customer_id_fkey" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Frozen means frozen: a closed month, its statements and their lines, and adjustments are facts once
-- written. Corrections are new statement_adjustments rows, nothing is ever updated, deleted or
-- truncated, whoever asks (the application never does, and this refuses it in the database too).
CREATE FUNCTION refuse_frozen_statement_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is frozen: % is not allowed', TG_TABLE_NAME, TG_OP
    USING HINT = 'Closed statements never change: a correction is a new statement_adjustments row.';
END
$$;

CREATE TRIGGER statement_months_frozen BEFORE UPDATE OR DELETE ON "statement_months"
  FOR EACH ROW EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_months_not_truncated BEFORE TRUNCATE ON "statement_months"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statements_frozen BEFORE UPDATE OR DELETE ON "statements"
  FOR EACH ROW EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statements_not_truncated BEFORE TRUNCATE ON "statements"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_lines_frozen BEFORE UPDATE OR DELETE ON "statement_lines"
  FOR EACH ROW EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_lines_not_truncated BEFORE TRUNCATE ON "statement_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_adjustments_frozen BEFORE UPDATE OR DELETE ON "statement_adjustments"
  FOR EACH ROW EXECUTE FUNCTION refuse_frozen_statement_change();
CREATE TRIGGER statement_adjustments_not_truncated BEFORE TRUNCATE ON "statement_adjustments"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_frozen_statement_change();
