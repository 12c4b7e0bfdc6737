import { formatLimit, formatWindow } from '../../web/src/lib/format';

/** The one way the web app says a request limit: the count, and the configured window in words and seconds. */
describe('formatLimit', () => {
  it('says the window in words, with its seconds', () => {
    expect(formatLimit(5, 60)).toBe('5 per minute (60 s)');
    expect(formatLimit(1200, 60)).toBe('1,200 per minute (60 s)');
    expect(formatLimit(5, 3600)).toBe('5 per hour (3,600 s)');
    expect(formatLimit(5, 300)).toBe('5 per 5 minutes (300 s)');
    expect(formatLimit(5, 86_400)).toBe('5 per day (86,400 s)');
  });

  it('a window of seconds only is said in seconds once', () => {
    expect(formatWindow(1)).toBe('second');
    expect(formatWindow(45)).toBe('45 seconds');
    expect(formatWindow(90)).toBe('90 seconds');
    expect(formatLimit(5, 60, false)).toBe('5 per minute');
  });

  it('before the window is known: "per window"', () => {
    expect(formatLimit(5, undefined)).toBe('5 per window');
  });
});
