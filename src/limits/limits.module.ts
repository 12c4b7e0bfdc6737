import { Module } from '@nestjs/common';
import { LimitsService } from './limits.service';

/** Request limits and allowed endpoints tenants set on their keys and customers. */
@Module({ providers: [LimitsService], exports: [LimitsService] })
export class LimitsModule {}
