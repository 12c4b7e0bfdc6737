import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI (generate, studio). Migrations are applied by src/database/migrator.ts,
// which runs Prisma's schema engine (WebAssembly) and writes the same _prisma_migrations table.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway' },
});
