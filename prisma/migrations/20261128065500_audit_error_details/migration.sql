-- Call detail (issue 22): what refused a call, beside its error code (the budget or the limit), so the
-- audit trail's detail of a call can show it. Additive and nullable: older records have none.

ALTER TABLE "audit_records" ADD COLUMN "error_details" JSONB;
