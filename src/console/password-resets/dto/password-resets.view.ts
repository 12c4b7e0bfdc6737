import { ApiProperty } from '@nestjs/swagger';

/** Whose password a reset link sets: shown before the new password is chosen. */
export class PasswordResetPreviewView {
  @ApiProperty({ description: 'The email of the account (its sign-in name).' })
  email!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'date-time', description: 'After this instant the link no longer works.' })
  expires_at!: string;
}
