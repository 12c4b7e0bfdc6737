import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.view';
import { ACTOR_KINDS } from '../actor';

interface ActivityRow {
  id: string;
  createdAt: Date;
  tenantId: string | null;
  actorKind: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** One change of the activity log. */
export class ActivityEntryView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The tenant the changed entity belongs to; null for the operator's catalog and plans.",
  })
  tenant_id!: string | null;
  @ApiProperty({ enum: ACTOR_KINDS, enumName: 'ActivityActorKind', description: 'How the actor authenticated.' }) actor_kind!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The user's or management key's id; null for the admin token.",
  })
  actor_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The user's email when the actor is a user." }) actor_email!: string | null;
  @ApiProperty({ example: 'price.set' }) action!: string;
  @ApiProperty({ example: 'price' }) entity_type!: string;
  @ApiProperty({ example: 'tenant:text-gen:tokens' }) entity_id!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The changed fields before (money as decimal strings); null: it did not exist.',
  })
  before!: Record<string, unknown> | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The changed fields after; null: it was removed.',
  })
  after!: Record<string, unknown> | null;

  static from(this: void, row: ActivityRow): ActivityEntryView {
    return Object.assign(new ActivityEntryView(), {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      tenant_id: row.tenantId,
      actor_kind: row.actorKind,
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      entity_type: row.entityType,
      entity_id: row.entityId,
      before: (row.before ?? null) as Record<string, unknown> | null,
      after: (row.after ?? null) as Record<string, unknown> | null,
    } satisfies ActivityEntryView);
  }
}

export class ActivityEntryPage extends PageOf(ActivityEntryView) {}
