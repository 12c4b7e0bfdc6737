import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AdminService } from './admin.service';
import { AdminJsonBodyGuard } from './admin-json-body.guard';
import { AdminAuthGuard } from './auth/admin-auth.guard';
import { ParseSlugPipe } from './parse-slug.pipe';
import {
  AuditQuery,
  CreateApiKeyRequest,
  CreateCatalogEntryRequest,
  CreateTenantRequest,
  ListQuery,
  ReplaceModelsRequest,
  ReplaceUpstreamsRequest,
  SetEndpointLimitRequest,
  UpdateCatalogEntryRequest,
  UpdateTenantRequest,
} from './dto/admin.requests';

const uuid = new ParseUUIDPipe({ version: undefined });

/**
 * Operator API (admin panel backend): `Authorization: Bearer $ADMIN_TOKEN`, limited per client IP.
 * Guards run in order: limit, token, then the body is read.
 */
@Controller('api/admin/v1')
@UseGuards(ThrottlerGuard, AdminAuthGuard, AdminJsonBodyGuard)
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Post('tenants')
  createTenant(@Body() body: CreateTenantRequest) {
    return this.admin.createTenant(body);
  }

  @Get('tenants')
  listTenants(@Query() query: ListQuery) {
    return this.admin.listTenants(query.limit, query.cursor);
  }

  @Get('tenants/:id')
  getTenant(@Param('id', uuid) id: string) {
    return this.admin.getTenant(id);
  }

  @Patch('tenants/:id')
  updateTenant(@Param('id', uuid) id: string, @Body() body: UpdateTenantRequest) {
    return this.admin.updateTenant(id, body);
  }

  @Post('tenants/:id/keys')
  createKey(@Param('id', uuid) tenantId: string, @Body() body: CreateApiKeyRequest) {
    return this.admin.createKey(tenantId, body);
  }

  @Get('tenants/:id/keys')
  listKeys(@Param('id', uuid) tenantId: string) {
    return this.admin.listKeys(tenantId);
  }

  @Get('keys/:id')
  getKey(@Param('id', uuid) keyId: string) {
    return this.admin.getKey(keyId);
  }

  @Post('keys/:id/revoke')
  @HttpCode(200)
  revokeKey(@Param('id', uuid) keyId: string) {
    return this.admin.revokeKey(keyId);
  }

  @Get('catalog')
  listCatalog() {
    return this.admin.listCatalog();
  }

  @Post('catalog')
  createCatalogEntry(@Body() body: CreateCatalogEntryRequest) {
    return this.admin.createCatalogEntry(body);
  }

  @Get('catalog/:slug')
  getCatalogEntry(@Param('slug', ParseSlugPipe) slug: string) {
    return this.admin.getCatalogEntry(slug);
  }

  @Patch('catalog/:slug')
  updateCatalogEntry(@Param('slug', ParseSlugPipe) slug: string, @Body() body: UpdateCatalogEntryRequest) {
    return this.admin.updateCatalogEntry(slug, body);
  }

  @Put('catalog/:slug/limit')
  setEndpointLimit(@Param('slug', ParseSlugPipe) slug: string, @Body() body: SetEndpointLimitRequest) {
    return this.admin.setEndpointLimit(slug, body.requests_per_window);
  }

  @Put('catalog/:slug/upstreams')
  replaceUpstreams(@Param('slug', ParseSlugPipe) slug: string, @Body() body: ReplaceUpstreamsRequest) {
    return this.admin.replaceUpstreams(slug, body);
  }

  @Put('catalog/:slug/models')
  replaceModels(@Param('slug', ParseSlugPipe) slug: string, @Body() body: ReplaceModelsRequest) {
    return this.admin.replaceModels(slug, body);
  }

  @Get('audit')
  listAudit(@Query() query: AuditQuery) {
    return this.admin.listAudit(query);
  }
}
