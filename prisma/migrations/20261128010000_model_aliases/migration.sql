-- Model aliases (issue 20): the operator's names for canonical model ids, read by the OpenAI-compatible
-- door. The target is a string, not a foreign key: it is checked when set, and one that disappears
-- later names nothing (src/model-aliases).

CREATE TABLE "model_aliases" (
    "alias" VARCHAR(100) NOT NULL,
    "target" VARCHAR(201) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "model_aliases_pkey" PRIMARY KEY ("alias")
);
