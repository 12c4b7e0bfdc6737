-- AlterTable
ALTER TABLE "upstreams" ADD COLUMN     "deadline_ms" INTEGER,
ADD COLUMN     "max_response_bytes" INTEGER;
