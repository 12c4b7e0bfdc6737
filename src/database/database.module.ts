import { DynamicModule, Global, Module } from '@nestjs/common';
import { DATABASE_URL } from './database.tokens';
import { PrismaService } from './prisma.service';
import { ReadDatabase } from './read-database';

/**
 * Owns the Prisma client, and the reads' (ReadDatabase: DATABASE_READ_URL's replica, or the same client). The URL is resolved before the app is built (main.ts starts the
 * embedded Postgres and applies migrations when DATABASE_URL is absent); no domain logic here.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DATABASE_URL, useValue: databaseUrl }, PrismaService, ReadDatabase],
      exports: [PrismaService, ReadDatabase],
    };
  }
}
