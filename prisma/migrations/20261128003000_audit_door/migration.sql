-- The door a call came through: the slug's own (/api/public/v1/{slug}) or the OpenAI-compatible one
-- (/api/openai/v1/…). A constant default adds the column to every partition without rewriting it.
ALTER TABLE "audit_records" ADD COLUMN "door" VARCHAR(8) NOT NULL DEFAULT 'slug';
