import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';

/** A route that answers a CSV download (streamCsv), documented as `text/csv` with its columns. */
export function CsvExportResponse(columns: readonly string[], what: string) {
  return applyDecorators(
    ApiProduces('text/csv'),
    ApiOkResponse({
      description: `${what} as CSV (RFC 4180, UTF-8, CRLF), a download (\`Content-Disposition: attachment\`), streamed a page at a time. A header row, then its rows. Columns: ${columns.map((c) => `\`${c}\``).join(', ')}. Money as exact USD decimal strings, as in the JSON; a text cell that starts with \`=\`, \`+\`, \`-\` or \`@\` is prefixed with \`'\` (CSV injection).`,
      content: { 'text/csv': { schema: { type: 'string' } } },
    }),
  );
}
