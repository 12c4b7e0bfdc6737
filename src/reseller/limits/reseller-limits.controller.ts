import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { Body, Delete, Get, Headers, Param, Put, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { ParseSlugPipe } from '../../catalog/parse-slug.pipe';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { LimitsBody, SlugLimitRequest } from './dto/limits.requests';
import { ResellerLimitsService, type LimitsAnswer } from './reseller-limits.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);
const NOT_FOUND_OR_STALE = ApiErrorResponses([
  { status: 404, codes: ['resource_not_found'] },
  { status: 412, codes: ['precondition_failed'], description: 'If-Match names another version; `details.etag` is the current one.' },
]);
/** The document's ETag, on every answer that holds the document. */
const WITH_ETAG = {
  type: LimitsBody,
  headers: {
    ETag: { description: "The document's version (strong): send it as If-Match on the next change.", schema: { type: 'string' } },
  },
};
const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version.',
});

/** Sends a document with its ETag. */
function withEtag(res: Response, { body, etag }: LimitsAnswer): LimitsBody {
  res.setHeader('ETag', etag);
  return body;
}

/**
 * Request limits (overall and per slug) and allowed endpoints on a key or a customer. Each limit is
 * its own bucket, checked with every other limit of a call in one atomic step. Every answer carries
 * the document's ETag; a change with If-Match is made only on that version (412 otherwise), and the
 * per-slug routes change one slug without reading and replacing the whole document.
 */
@ResellerApi('limits')
export class ResellerLimitsController {
  constructor(private readonly limits: ResellerLimitsService) {}

  @Get('keys/:id/limits')
  @ApiOperation({ summary: "A key's limits and allowed endpoints (with its ETag)" })
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND
  async ofKey(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    return withEtag(res, await this.limits.ofKey(tenantId, keyId));
  }

  @Put('keys/:id/limits')
  @ApiOperation({ summary: "Replace a key's limits and allowed endpoints (the operator's limit of a slug stays the ceiling)" })
  @IF_MATCH
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND_OR_STALE
  async replaceOfKey(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Body() body: LimitsBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    return withEtag(res, await this.limits.editOfKey(actor, tenantId, keyId, { kind: 'replace', body }, ifMatch));
  }

  @Put('keys/:id/limits/:slug')
  @ApiOperation({ summary: "Set a key's limit on one slug; the rest of its limits stay as they are" })
  @IF_MATCH
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND_OR_STALE
  async setSlugOfKey(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: SlugLimitRequest,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    const edit = { kind: 'set_slug' as const, slug, requestsPerWindow: body.requests_per_window };
    return withEtag(res, await this.limits.editOfKey(actor, tenantId, keyId, edit, ifMatch));
  }

  @Delete('keys/:id/limits/:slug')
  @ApiOperation({ summary: "Remove a key's limit on one slug (idempotent); the rest of its limits stay as they are" })
  @IF_MATCH
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND_OR_STALE
  async removeSlugOfKey(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    return withEtag(res, await this.limits.editOfKey(actor, tenantId, keyId, { kind: 'remove_slug', slug }, ifMatch));
  }

  @Get('customers/:id/limits')
  @ApiOperation({ summary: "A customer's limits (across all its keys) and allowed endpoints (with its ETag)" })
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND
  async ofCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    return withEtag(res, await this.limits.ofCustomer(tenantId, customerId));
  }

  @Put('customers/:id/limits')
  @ApiOperation({ summary: "Replace a customer's limits (across all its keys) and allowed endpoints" })
  @IF_MATCH
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND_OR_STALE
  async replaceOfCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Body() body: LimitsBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    return withEtag(res, await this.limits.editOfCustomer(actor, tenantId, customerId, { kind: 'replace', body }, ifMatch));
  }

  @Put('customers/:id/limits/:slug')
  @ApiOperation({ summary: "Set a customer's limit on one slug (across all its keys); the rest of its limits stay as they are" })
  @IF_MATCH
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND_OR_STALE
  async setSlugOfCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: SlugLimitRequest,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    const edit = { kind: 'set_slug' as const, slug, requestsPerWindow: body.requests_per_window };
    return withEtag(res, await this.limits.editOfCustomer(actor, tenantId, customerId, edit, ifMatch));
  }

  @Delete('customers/:id/limits/:slug')
  @ApiOperation({ summary: "Remove a customer's limit on one slug (idempotent); the rest of its limits stay as they are" })
  @IF_MATCH
  @ApiOkResponse(WITH_ETAG)
  @NOT_FOUND_OR_STALE
  async removeSlugOfCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LimitsBody> {
    return withEtag(res, await this.limits.editOfCustomer(actor, tenantId, customerId, { kind: 'remove_slug', slug }, ifMatch));
  }
}
