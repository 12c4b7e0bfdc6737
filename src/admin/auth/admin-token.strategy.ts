import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Strategy } from 'passport-http-bearer';
import { ADMIN_TOKEN } from './admin-token';

export const ADMIN_STRATEGY = 'admin-token';

/** passport-http-bearer for the operator API: one shared token, compared in constant time. */
@Injectable()
export class AdminTokenStrategy extends PassportStrategy(Strategy, ADMIN_STRATEGY) {
  private readonly expected: Buffer;

  constructor(@Inject(ADMIN_TOKEN) adminToken: string) {
    super();
    this.expected = createHash('sha256').update(adminToken).digest();
  }

  validate(token: string): { role: 'operator' } | false {
    const presented = createHash('sha256').update(token).digest();
    return timingSafeEqual(presented, this.expected) ? { role: 'operator' } : false;
  }
}
