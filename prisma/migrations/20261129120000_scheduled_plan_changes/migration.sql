-- An owner's move to a plan with a smaller monthly fee (or a bigger discount for the same fee) waits
-- for a month's start: a plan is held, and its fee owed, for at least one whole UTC month. At most one
-- per tenant.

CREATE TABLE "scheduled_plan_changes" (
    "tenant_id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "effective_from" TIMESTAMPTZ(3) NOT NULL,
    "actor_kind" VARCHAR(20) NOT NULL,
    "actor_id" UUID,
    "actor_email" VARCHAR(320),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scheduled_plan_changes_pkey" PRIMARY KEY ("tenant_id")
);

CREATE INDEX "scheduled_plan_changes_effective_from_idx" ON "scheduled_plan_changes"("effective_from");

CREATE INDEX "scheduled_plan_changes_plan_id_idx" ON "scheduled_plan_changes"("plan_id");

ALTER TABLE "scheduled_plan_changes" ADD CONSTRAINT "scheduled_plan_changes_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "scheduled_plan_changes" ADD CONSTRAINT "scheduled_plan_changes_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
