/**
 * The errors a fake repository throws where Postgres (through Prisma) refuses a write: the same
 * `code` Prisma's known request errors carry, which is what the services read (P2002 a unique
 * constraint, P2003 a foreign key, P2025 a row an update or delete required). The contract tests
 * check that the real repository refuses the same writes with the same codes.
 */
export class FakePrismaError extends Error {
  constructor(
    readonly code: 'P2002' | 'P2003' | 'P2025',
    message: string,
  ) {
    super(message);
    this.name = 'FakePrismaError';
  }
}

export const uniqueViolation = (what: string) => new FakePrismaError('P2002', `Unique constraint failed: ${what}`);
export const foreignKeyViolation = (what: string) => new FakePrismaError('P2003', `Foreign key constraint failed: ${what}`);
export const recordNotFound = (what: string) => new FakePrismaError('P2025', `No record was found: ${what}`);
