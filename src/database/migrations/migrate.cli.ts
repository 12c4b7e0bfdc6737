import { loadConfig } from '../../config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../embedded/embedded-postgres';
import { applyMigrations, createMigration, diffSchemaAgainstMigrations } from './migrator';

/**
 * Migrations from the command line, run from the project root (npm scripts do):
 *
 *   node dist/src/database/migrations/migrate.cli.js deploy          apply pending migrations (npm run db:migrate)
 *   node dist/src/database/migrations/migrate.cli.js create <name>   write prisma/migrations/<ts>_<name>/ from the
 *                                                         schema changes (npm run db:migration:create -- <name>)
 *   node dist/src/database/migrations/migrate.cli.js check           exit 1 printing the SQL when prisma/schema.prisma
 *                                                         and prisma/migrations/ differ (npm run db:check)
 *
 * Database: DATABASE_URL; without it, the embedded Postgres of DATA_DIR (started for the command,
 * or the one a running gateway already runs). create and check only use the server for a
 * throwaway shadow database. Exit codes: 0 done, 1 check found a difference, 2 error or usage.
 */
const USAGE = 'usage: migrate.cli deploy | create <name> | check';

async function run(command: string | undefined, name: string | undefined): Promise<number> {
  if (command !== 'deploy' && command !== 'check' && !(command === 'create' && name)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  let embedded: EmbeddedPostgresHandle | undefined;
  const quiet = {
    info: () => undefined,
    debug: () => undefined,
    error: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
  };
  if (!config.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      logger: quiet,
      attachIfRunning: true,
    });
  }
  const databaseUrl = config.DATABASE_URL ?? embedded!.url;
  try {
    switch (command) {
      case 'deploy': {
        const applied = await applyMigrations(databaseUrl);
        process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'no pending migrations\n');
        return 0;
      }
      case 'create': {
        const dir = await createMigration(databaseUrl, name!);
        process.stdout.write(
          dir ? `created ${dir}/migration.sql: review it, then commit it\n` : 'schema and migrations are in sync; nothing to create\n',
        );
        return 0;
      }
      case 'check': {
        const sql = await diffSchemaAgainstMigrations(databaseUrl);
        if (!sql) {
          process.stdout.write('schema and migrations are in sync\n');
          return 0;
        }
        process.stdout.write(
          `prisma/schema.prisma differs from prisma/migrations/; SQL the migrations lack:\n${sql}\n` +
            'create a migration with: npm run db:migration:create -- <name>\n',
        );
        return 1;
      }
      default:
        return 2;
    }
  } finally {
    await embedded?.stop();
  }
}

run(process.argv[2], process.argv[3]).then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  },
);
