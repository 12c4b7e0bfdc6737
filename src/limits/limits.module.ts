import { ActivityModule } from '../activity/activity.module';
import { Module } from '@nestjs/common';
import { LimitsService } from './limits.service';

/** Request limits and allowed endpoints tenants set on their keys and customers. */
@Module({ imports: [ActivityModule], providers: [LimitsService], exports: [LimitsService] })
export class LimitsModule {}
