-- Upstreams of two more kinds (src/proxy/providers/anthropic, src/proxy/providers/gemini).
-- Added values can be used only after this transaction commits; nothing here uses them.
ALTER TYPE "ProviderKind" ADD VALUE 'anthropic';
ALTER TYPE "ProviderKind" ADD VALUE 'gemini';
