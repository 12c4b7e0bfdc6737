-- CreateTable
CREATE TABLE "audit_dead_letters" (
    "id" BIGSERIAL NOT NULL,
    "record" JSONB NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_dead_letters_pkey" PRIMARY KEY ("id")
);
