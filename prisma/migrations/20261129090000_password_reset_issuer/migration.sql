-- A password reset link keeps who issued it: it goes with its issuer (deleted with them), and is
-- refused once the issuer could no longer issue it (an owner demoted). Links issued before have none.

ALTER TABLE "password_resets" ADD COLUMN "issued_by_id" UUID;

CREATE INDEX "password_resets_issued_by_id_idx" ON "password_resets"("issued_by_id");

ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_issued_by_id_fkey" FOREIGN KEY ("issued_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
