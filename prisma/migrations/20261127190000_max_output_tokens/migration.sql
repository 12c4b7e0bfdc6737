-- The output limit a budget holds for a token call that sends no max_tokens (README "Budgets").
ALTER TABLE "catalog_endpoints" ADD COLUMN "max_output_tokens" INTEGER;

ALTER TABLE "endpoint_models" ADD COLUMN "max_output_tokens" INTEGER;
