-- The plan a self-service sign-up starts on when it names none: the operator flags at most one plan
-- (PATCH /api/admin/v1/plans/{id} {"default_for_signups": true} moves the flag), so a new account has
-- the plan's bounds (categories, request ceiling, default budget) from its first call. At most one:
-- a unique index on a constant over the flagged rows (an expression index: Prisma's schema cannot
-- declare it, and its schema engine leaves ones it cannot describe alone, so db:check stays clean;
-- a partial index on the column itself would be read as a plain unique index and dropped).
ALTER TABLE "plans" ADD COLUMN "default_for_signups" BOOLEAN NOT NULL DEFAULT false;

CREATE UNIQUE INDEX "plans_one_default_for_signups_idx" ON "plans"((true)) WHERE "default_for_signups";
