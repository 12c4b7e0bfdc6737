import { DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { KeysModule } from '../keys/keys.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { AdminAuthGuard } from './auth/admin-auth.guard';
import { ADMIN_TOKEN } from './auth/admin-token';

/** The operator API under /api/admin/v1; goes through the domain services, never around them. */
@Module({})
export class AdminModule {
  static forRoot(adminToken: string): DynamicModule {
    return {
      module: AdminModule,
      imports: [TenantsModule, KeysModule, CatalogModule, RateLimitModule],
      controllers: [AdminController],
      providers: [{ provide: ADMIN_TOKEN, useValue: adminToken }, AdminAuthGuard, AdminService],
    };
  }
}
