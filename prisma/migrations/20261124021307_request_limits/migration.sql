-- CreateEnum
CREATE TYPE "LimitSubject" AS ENUM ('key', 'customer');

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "allowed_endpoints" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "allowed_endpoints" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "request_limits" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "subject" "LimitSubject" NOT NULL,
    "subject_id" UUID NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "requests_per_window" INTEGER NOT NULL,

    CONSTRAINT "request_limits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "request_limits_tenant_id_idx" ON "request_limits"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "request_limits_subject_subject_id_slug_key" ON "request_limits"("subject", "subject_id", "slug");

-- AddForeignKey
ALTER TABLE "request_limits" ADD CONSTRAINT "request_limits_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
