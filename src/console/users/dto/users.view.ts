import { ApiProperty } from '@nestjs/swagger';
import { InvitationView } from '../../../users/dto/user.view';
import { ROLE_PROPERTY } from './users.requests';
import type { TenantRole } from '../../../users/users.service';

/** An invitation just made: the only answer that carries its token. */
export class InvitationCreatedView {
  @ApiProperty({ type: () => InvitationView })
  invitation!: InvitationView;

  @ApiProperty({ description: 'Shown this once (only its hash is stored): give it to the invitee, who accepts with it within 7 days.' })
  token!: string;

  @ApiProperty({ description: "The console page that accepts it, with the token in the URL's fragment (never sent to a server)." })
  accept_url!: string;
}

/** What a pending invitation is for: shown to the invitee before they accept it. */
export class InvitationPreviewView {
  @ApiProperty({ description: 'The name of the tenant the invitee joins.' })
  organization!: string;

  @ApiProperty({ description: 'The email the account will have (the one invited).' })
  email!: string;

  @ApiProperty(ROLE_PROPERTY)
  role!: TenantRole;

  @ApiProperty({ format: 'date-time', description: 'After this instant the invitation can no longer be accepted.' })
  expires_at!: string;
}
