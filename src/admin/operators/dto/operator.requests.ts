import { NewUserRequest } from '../../../users/dto/new-user.requests';

/** A new operator user: signs in at POST /api/console/v1/session and then uses the operator API with that session. */
export class CreateOperatorRequest extends NewUserRequest {}
