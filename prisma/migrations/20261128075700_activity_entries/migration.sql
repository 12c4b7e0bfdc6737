-- Activity log (issue 22): every price, limit, budget, plan and tenant change made through the
-- operator and reseller APIs, written in the change's transaction (src/activity).

CREATE TABLE "activity_entries" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tenant_id" UUID,
    "actor_kind" VARCHAR(20) NOT NULL,
    "actor_id" UUID,
    "actor_email" VARCHAR(320),
    "action" VARCHAR(60) NOT NULL,
    "entity_type" VARCHAR(40) NOT NULL,
    "entity_id" VARCHAR(300) NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "activity_entries_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "activity_entries_created_at_id_idx" ON "activity_entries"("created_at" DESC, "id" DESC);

CREATE INDEX "activity_entries_tenant_id_created_at_id_idx" ON "activity_entries"("tenant_id", "created_at" DESC, "id" DESC);
