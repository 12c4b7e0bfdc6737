import { loadConfig } from '../config/app-config';
import { applyMigrations, createMigration, diffSchemaAgainstMigrations } from './migrator';

/**
 * `node dist/src/database/migrate.cli.js deploy | create <name> | check` against DATABASE_URL.
 * check exits 1 and prints the SQL when prisma/schema.prisma and prisma/migrations/ differ.
 */
async function run(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  const { DATABASE_URL } = loadConfig();
  if (!DATABASE_URL) throw new Error('DATABASE_URL is required');
  switch (command) {
    case 'deploy': {
      const applied = await applyMigrations(DATABASE_URL);
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'no pending migrations\n');
      return 0;
    }
    case 'create': {
      if (!name) throw new Error('usage: create <name>');
      const dir = await createMigration(DATABASE_URL, name);
      process.stdout.write(dir ? `created ${dir}\n` : 'schema and migrations are in sync; nothing to create\n');
      return 0;
    }
    case 'check': {
      const sql = await diffSchemaAgainstMigrations(DATABASE_URL);
      if (!sql) {
        process.stdout.write('schema and migrations are in sync\n');
        return 0;
      }
      process.stdout.write(`schema.prisma differs from the migrations; missing SQL:\n${sql}\n`);
      return 1;
    }
    default:
      throw new Error('usage: migrate.cli deploy | create <name> | check');
  }
}

run().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  },
);
