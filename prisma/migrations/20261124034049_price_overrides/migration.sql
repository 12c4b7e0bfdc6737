-- CreateTable
CREATE TABLE "price_overrides" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "customer_id" UUID,
    "slug" VARCHAR(64) NOT NULL,
    "price_pico_usd_per_unit" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "price_overrides_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "price_overrides_tenant_id_slug_key" ON "price_overrides"("tenant_id", "slug") WHERE (customer_id IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "price_overrides_customer_id_slug_key" ON "price_overrides"("customer_id", "slug") WHERE (customer_id IS NOT NULL);

-- AddForeignKey
ALTER TABLE "price_overrides" ADD CONSTRAINT "price_overrides_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_overrides" ADD CONSTRAINT "price_overrides_tenant_id_customer_id_fkey" FOREIGN KEY ("tenant_id", "customer_id") REFERENCES "customers"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
