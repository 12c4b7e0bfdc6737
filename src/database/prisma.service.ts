import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { DATABASE_URL } from './database.tokens';

/** The one Prisma client of the process (Postgres through the pg driver adapter). */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    super({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
