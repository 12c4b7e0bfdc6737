-- AlterTable
ALTER TABLE "audit_records" ADD COLUMN     "customer_id" UUID;

-- CreateIndex
CREATE INDEX "audit_records_customer_id_created_at_idx" ON "audit_records"("customer_id", "created_at" DESC);
