-- Sign-in failures are counted per email AND client address, and answered with a delay that grows
-- per pair instead of a lock of the email: failures from an attacker's address no longer lock the
-- email's owner out elsewhere. The counters are short-lived (a day at most), so the old ones,
-- per email alone, are dropped rather than converted.
DROP TABLE "sign_in_failures";

-- CreateTable
CREATE TABLE "sign_in_failures" (
    "email" VARCHAR(254) NOT NULL,
    "client" VARCHAR(64) NOT NULL,
    "consecutive_failures" INTEGER NOT NULL,
    "retry_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("email","client")
);

-- CreateIndex
CREATE INDEX "sign_in_failures_updated_at_idx" ON "sign_in_failures"("updated_at");
