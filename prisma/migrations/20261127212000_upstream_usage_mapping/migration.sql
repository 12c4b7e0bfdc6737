-- An http upstream's declarative usage mapping (src/catalog/usage-mapping.ts): where each meter's
-- quantity is found in its answer. NULL keeps the generic contract (`usage.quantity`).
ALTER TABLE "upstreams" ADD COLUMN "usage_mapping" JSONB;
