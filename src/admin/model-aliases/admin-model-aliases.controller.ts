import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { AdminApi } from '../admin-api.decorator';
import { AdminModelAliasesService } from './admin-model-aliases.service';
import { SetModelAliasRequest } from './dto/model-alias.requests';
import { ModelAliasListView, ModelAliasView } from './dto/model-alias.view';

const ALIAS = ApiParam({
  name: 'alias',
  example: 'gpt-4o-mini',
  description:
    'The alias: 1 to 100 letters, digits and . _ : / - (a / percent-encoded as %2F), starting with a letter or a digit, and not itself a canonical model id.',
});

/**
 * Model aliases: the names existing OpenAI code sends as `model` (`gpt-4o-mini`), each standing for a
 * canonical model id of the catalog. Changes apply live in every gateway process.
 */
@AdminApi('model aliases')
export class AdminModelAliasesController {
  constructor(private readonly aliases: AdminModelAliasesService) {}

  @Get('model-aliases')
  @ApiOperation({ summary: 'List every model alias, with whether its target is in the catalog now' })
  @ApiOkResponse({ type: ModelAliasListView })
  list(): Promise<ModelAliasListView> {
    return this.aliases.list();
  }

  @Put('model-aliases/:alias')
  @ALIAS
  @ApiOperation({ summary: 'Create an alias, or point it at another canonical model id (which must be in the catalog)' })
  @ApiOkResponse({ type: ModelAliasView })
  set(@Param('alias') alias: string, @Body() body: SetModelAliasRequest): Promise<ModelAliasView> {
    return this.aliases.set(alias, body.target);
  }

  @Delete('model-aliases/:alias')
  @HttpCode(204)
  @ALIAS
  @ApiOperation({ summary: 'Remove an alias' })
  @ApiNoContentResponse()
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  remove(@Param('alias') alias: string): Promise<void> {
    return this.aliases.remove(alias);
  }
}
