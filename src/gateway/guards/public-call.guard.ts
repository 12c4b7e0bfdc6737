import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CallAudit } from '../call-audit';
import { CallContext, type PublicCallRequest } from '../call-context';
import type { DoorName } from '../call-door';

/**
 * The first guard of every public route: from here on the request is a public call, with its
 * CallContext. It is audited when its response closes (whatever happened), and its errors carry
 * the limit headers. Because it runs only on routes the (case-sensitive, strict) router matched,
 * every spelling of a URL that reaches a public handler is audited, and nothing else is.
 */
@Injectable()
export class PublicCallGuard implements CanActivate {
  /** The door of the routes this guard opens calls for (a subclass per door). */
  protected readonly door: DoorName = 'slug';

  constructor(private readonly audit: CallAudit) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<PublicCallRequest>();
    const res = http.getResponse<Response>();
    const call = new CallContext(req.arrival, this.door);
    req.call = call;
    const onClose = () => {
      if (!res.writableFinished) call.clientLeft();
      this.audit.recordWhenSettled(req, res);
    };
    // The socket may already be gone (the client left while the request was routed).
    if (res.destroyed) onClose();
    else res.once('close', onClose);
    return true;
  }
}
