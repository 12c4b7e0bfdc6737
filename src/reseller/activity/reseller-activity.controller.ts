import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ActivityService } from '../../activity/activity.service';
import { ActivityEntryPage, ActivityEntryView } from '../../activity/dto/activity-entry.view';
import { ActivityQuery } from '../../activity/dto/activity.requests';
import type { Page } from '../../common/pagination/cursor';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';

/** The calling tenant's activity log: changes of its prices, limits, budgets and plan, by whom (the operator's included). */
@ResellerApi('activity')
export class ResellerActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get('activity')
  @ApiOperation({ summary: 'Your activity log (who changed which price, limit, budget or your plan), newest first, with filters' })
  @ApiOkResponse({ type: ActivityEntryPage })
  list(@CallingTenant() tenantId: string, @Query() query: ActivityQuery): Promise<Page<ActivityEntryView>> {
    return this.activity.page(ActivityQuery.toFilter(query, tenantId));
  }
}
