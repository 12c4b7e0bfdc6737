-- What a quantity of usage counts (src/catalog/meters.ts); prices and audit records per meter use it.
CREATE TYPE "Meter" AS ENUM ('tokens', 'input_tokens', 'cached_input_tokens', 'cache_write_tokens', 'output_tokens', 'images', 'minutes', 'characters', 'generations', 'records', 'verifications', 'transactions', 'calls');
