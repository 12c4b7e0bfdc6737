-- A management key keeps the owner who issued it (through the console, or a management key of
-- theirs): it is revoked with that owner's removal or demotion. Keys issued before, or by the
-- operator, have none.

ALTER TABLE "management_keys" ADD COLUMN "created_by_user_id" UUID;

CREATE INDEX "management_keys_created_by_user_id_idx" ON "management_keys"("created_by_user_id");

ALTER TABLE "management_keys" ADD CONSTRAINT "management_keys_created_by_user_id_fkey" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
