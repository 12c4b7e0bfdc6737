-- AlterTable
ALTER TABLE "audit_records" ADD COLUMN     "customer_price_pico_usd" BIGINT NOT NULL DEFAULT 0;

-- Every call recorded before the three-party ledger was paid at the resale figure.
UPDATE "audit_records" SET "customer_price_pico_usd" = "resale_pico_usd" WHERE "resale_pico_usd" <> 0;
