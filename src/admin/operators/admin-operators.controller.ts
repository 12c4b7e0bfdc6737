import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { PageQuery } from '../../common/pagination/page.requests';
import { UserPage, UserView } from '../../users/dto/user.view';
import { AdminApi } from '../admin-api.decorator';
import { AdminOperatorsService } from './admin-operators.service';
import { CreateOperatorRequest } from './dto/operator.requests';

/**
 * Operator users, who sign in to the admin area. The first is created with the admin token; after
 * that an operator's session may create more.
 */
@AdminApi('operators')
export class AdminOperatorsController {
  constructor(private readonly operators: AdminOperatorsService) {}

  @Post('operators')
  @ApiOperation({ summary: 'Create an operator user (email, password, name); they sign in at POST /api/console/v1/session' })
  @ApiCreatedResponse({ type: UserView })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  create(@Body() body: CreateOperatorRequest): Promise<UserView> {
    return this.operators.create(body);
  }

  @Get('operators')
  @ApiOperation({ summary: 'List the operator users, newest first' })
  @ApiOkResponse({ type: UserPage })
  list(@Query() query: PageQuery) {
    return this.operators.list(query);
  }

  @Delete('operators/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove an operator user and end their sessions (yourself too, which signs you out); never the last operator (409)',
  })
  @ApiNoContentResponse()
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  remove(@Param('id', ParseId) id: string): Promise<void> {
    return this.operators.remove(id);
  }
}
