import { toCsv } from '../../../src/common/http/csv';

describe('toCsv (RFC 4180)', () => {
  it('writes a header row and CRLF-ended records, quoting only the fields that need it', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['plain', 12, null],
          ['x,y', 'say "hi"', 'two\r\nlines'],
          [undefined, 10n ** 30n, '-0.5'],
        ],
      ),
    ).toBe('a,b,c\r\nplain,12,\r\n"x,y","say ""hi""","two\r\nlines"\r\n,1000000000000000000000000000000,-0.5\r\n');
    expect(toCsv(['only'], [])).toBe('only\r\n');
    expect(toCsv(['lf'], [['a\nb'], ['cr\r']])).toBe('lf\r\n"a\nb"\r\n"cr\r"\r\n');
  });
});
