import { ParseUUIDPipe } from '@nestjs/common';

/** An `:id` path parameter: 400 unless it is a UUID (any version), before any query runs. */
export const ParseId = new ParseUUIDPipe({ version: undefined });
