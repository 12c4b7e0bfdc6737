import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's logger, written as structured JSON by pino. `logger.warn({ requestId, ... }, 'message')`
 * keeps fields as fields. Authorization headers and anything named like a key or token are redacted,
 * so neither a key nor its hash can reach the logs.
 */
export class PinoLoggerService implements LoggerService {
  readonly pino: Logger;

  constructor(level: string) {
    this.pino = pino({
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'req.headers.authorization',
          'key',
          'token',
          'secretHash',
          '*.key',
          '*.token',
          '*.secretHash',
        ],
        censor: '[redacted]',
      },
    });
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    // Nest appends the logger's context (a string) as the last parameter.
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const text = typeof params[0] === 'string' ? (params.shift() as string) : undefined;
      this.pino[level]({ context, ...message }, text);
    } else {
      // Nest's error(message, stack, context) form.
      const stack = typeof params[0] === 'string' ? params[0] : undefined;
      this.pino[level](stack ? { context, stack } : { context }, String(message));
    }
  }
}
