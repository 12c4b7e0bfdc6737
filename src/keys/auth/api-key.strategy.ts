import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { KeysService } from '../keys.service';
import type { Caller } from '../caller';

export const API_KEY_STRATEGY = 'api-key';

/** passport-http-bearer: reads `Authorization: Bearer <key>`; KeysService decides who the caller is. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, API_KEY_STRATEGY) {
  constructor(private readonly keys: KeysService) {
    super();
  }

  validate(token: string): Promise<Caller> {
    return this.keys.verify(token);
  }
}
