import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ActivityService } from '../../activity/activity.service';
import { ActivityEntryPage, ActivityEntryView } from '../../activity/dto/activity-entry.view';
import { ActivityQuery, AdminActivityQuery } from '../../activity/dto/activity.requests';
import type { Page } from '../../common/pagination/cursor';
import { AdminApi } from '../admin-api.decorator';

/** The whole activity log: every price, limit, budget, plan and tenant change, by whom. */
@AdminApi('activity')
export class AdminActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get('activity')
  @ApiOperation({ summary: 'Read the activity log (who changed which price, limit, budget, plan or tenant), newest first, with filters' })
  @ApiOkResponse({ type: ActivityEntryPage })
  list(@Query() query: AdminActivityQuery): Promise<Page<ActivityEntryView>> {
    return this.activity.page(ActivityQuery.toFilter(query, query.tenant_id));
  }
}
