import { seedCatalog } from '../../src/catalog/catalog.seeder';
import { seedModelAliases } from '../../src/model-aliases/model-aliases.seeder';
import { PrismaService } from '../../src/database/prisma.service';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/**
 * The seeded model aliases (seedModelAliases, after seedCatalog), on a database of this suite's own (the shared one's seeded
 * aliases are other suites' too): inserted when missing, an operator's target never overwritten.
 */
describe('seeded model aliases', () => {
  let db: SuiteDatabase;
  let prisma: PrismaService;

  beforeAll(async () => {
    db = await createSuiteDatabase('seeded_aliases');
    prisma = new PrismaService(db.url);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const stored = async () => (await prisma.modelAlias.findMany({ orderBy: { alias: 'asc' } })).map((a) => `${a.alias} → ${a.target}`);

  it('holds one alias per seeded provider model after the first seeding, and adds none when run again', async () => {
    expect(await stored()).toEqual([
      'claude-haiku-4-5 → text.generate/claude-haiku-4-5',
      'dall-e-3 → media.image/dall-e-3',
      'gpt-4o-mini → text.generate/gpt-4o-mini',
      'text-embedding-3-small → text.embed/text-embedding-3-small',
      'tts-1 → voice.tts/tts-1',
      'whisper-1 → voice.stt/whisper-1',
    ]);
    expect(await seedCatalog(prisma)).toEqual({ created: 0, existing: 16 });
    expect(await seedModelAliases(prisma)).toBe(0);
  });

  it("adds back a missing one whose target is in the catalog, keeps the operator's target, and adds none naming a model that is gone", async () => {
    await prisma.modelAlias.update({ where: { alias: 'gpt-4o-mini' }, data: { target: 'text.generate/simulator' } });
    await prisma.modelAlias.deleteMany({ where: { alias: { in: ['tts-1', 'whisper-1'] } } });
    // The operator removed whisper-1 from voice.stt.
    await prisma.endpointModel.deleteMany({ where: { name: 'whisper-1', endpoint: { slug: 'voice.stt' } } });

    expect(await seedCatalog(prisma)).toEqual({ created: 0, existing: 16 });
    expect(await seedModelAliases(prisma)).toBe(1);
    expect(await stored()).toEqual([
      'claude-haiku-4-5 → text.generate/claude-haiku-4-5',
      'dall-e-3 → media.image/dall-e-3',
      'gpt-4o-mini → text.generate/simulator',
      'text-embedding-3-small → text.embed/text-embedding-3-small',
      'tts-1 → voice.tts/tts-1',
    ]);
  });
});
