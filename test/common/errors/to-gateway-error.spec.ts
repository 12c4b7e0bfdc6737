import { toGatewayError } from '../../../src/common/errors/to-gateway-error';
import { Prisma } from '../../../src/generated/prisma/client';

const prismaError = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(`refused (${code})`, { code, clientVersion: 'test', meta });
/** A raw query's failure through the pg driver adapter, with Postgres's SQLSTATE. */
const rawQueryError = (sqlState: string) => prismaError('P2010', { driverAdapterError: { cause: { originalCode: sqlState } } });

describe('toGatewayError', () => {
  it('answers a write that lost a race (a row it required gone, a unique value taken first) with 409 conflict, not a logged 500', () => {
    const gone = toGatewayError(prismaError('P2025'));
    expect({ status: gone.error.status, code: gone.error.code, unexpected: gone.unexpected }).toEqual({
      status: 409,
      code: 'conflict',
      unexpected: false,
    });
    expect(gone.error.message).toMatch(/another request meanwhile/);
    const taken = toGatewayError(prismaError('P2002'));
    expect({ status: taken.error.status, code: taken.error.code, unexpected: taken.unexpected }).toEqual({
      status: 409,
      code: 'conflict',
      unexpected: false,
    });
  });

  it('answers a transaction Postgres undid to break a deadlock or a serialization conflict with 409 conflict (retry), raw queries too', () => {
    for (const error of [prismaError('P2034'), rawQueryError('40P01'), rawQueryError('40001')]) {
      const mapped = toGatewayError(error);
      expect({ status: mapped.error.status, code: mapped.error.code, unexpected: mapped.unexpected }).toEqual({
        status: 409,
        code: 'conflict',
        unexpected: false,
      });
      expect(mapped.error.message).toMatch(/retry/);
    }
  });

  it('keeps every other database error, and a look-alike that is not Prisma’s, a 500 that is logged', () => {
    for (const error of [
      prismaError('P2003'),
      prismaError('P2010'),
      rawQueryError('23505'),
      Object.assign(new Error('not Prisma'), { code: 'P2025' }),
    ]) {
      const mapped = toGatewayError(error);
      expect({ status: mapped.error.status, code: mapped.error.code, unexpected: mapped.unexpected }).toEqual({
        status: 500,
        code: 'internal_error',
        unexpected: true,
      });
    }
  });
});
