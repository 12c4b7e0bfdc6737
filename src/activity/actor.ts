import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * Who made a change, as the API's guard authenticated it: an operator user (session), the admin
 * token, a tenant's user (session) or a management key. The guards put it on the request; services
 * take it from the controller and hand it to ActivityService.record.
 */
export type Actor =
  | { kind: 'operator_user'; id: string; email: string }
  | { kind: 'admin_token' }
  | { kind: 'tenant_user'; id: string; email: string }
  | { kind: 'management_key'; id: string };

export const ACTOR_KINDS = ['operator_user', 'admin_token', 'tenant_user', 'management_key'] as const;

interface RequestWithActor extends Request {
  activityActor?: Actor;
}

/** Called by a guard once it knows who calls. */
export function setRequestActor(req: Request, actor: Actor): void {
  (req as RequestWithActor).activityActor = actor;
}

/** The caller as the route's guard set it (every operator and reseller route has one). */
export const RequestActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<RequestWithActor>().activityActor;
  if (!actor) throw new Error('RequestActor on a route whose guard sets no actor');
  return actor;
});
