import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';

export interface StoredModelAlias {
  alias: string;
  target: string;
  createdAt: Date;
  updatedAt: Date;
}

@Injectable()
export class ModelAliasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  findAll(): Promise<StoredModelAlias[]> {
    return this.prisma.modelAlias.findMany();
  }

  /** Creates the alias or points it at a new target. */
  set(alias: string, target: string): Promise<StoredModelAlias> {
    return this.prisma.modelAlias.upsert({ where: { alias }, create: { alias, target }, update: { target } });
  }

  /** False when there was no such alias. */
  async remove(alias: string): Promise<boolean> {
    return (await this.prisma.modelAlias.deleteMany({ where: { alias } })).count > 0;
  }

  /** Inserts the aliases that are missing; never changes an existing one. Returns how many were inserted. */
  async createMissing(aliases: ReadonlyArray<{ alias: string; target: string }>): Promise<number> {
    return (await this.prisma.modelAlias.createMany({ data: [...aliases], skipDuplicates: true })).count;
  }
}
