import { ApiProperty } from '@nestjs/swagger';

/** The page that sets a new password with a reset link (served by the web app, outside the frames); the token goes in the fragment. */
export const PASSWORD_RESET_PATH = '/console/reset-password';

/** A password reset link just issued: the only answer that carries its token. */
export class PasswordResetCreatedView {
  @ApiProperty({ format: 'uuid', description: 'The user whose password the link resets.' })
  user_id!: string;

  @ApiProperty({
    description: 'Shown this once (only its hash is stored): give it to the user, who sets a new password with it once, within 24 hours.',
  })
  token!: string;

  @ApiProperty({ description: "The page that sets the new password, with the token in the URL's fragment (never sent to a server)." })
  reset_url!: string;

  @ApiProperty({ format: 'date-time', description: 'After this instant the link no longer works. A newer link voids this one at once.' })
  expires_at!: string;

  static from(this: void, origin: string, userId: string, issued: { token: string; expiresAt: Date }): PasswordResetCreatedView {
    return Object.assign(new PasswordResetCreatedView(), {
      user_id: userId,
      token: issued.token,
      reset_url: `${origin}${PASSWORD_RESET_PATH}#token=${issued.token}`,
      expires_at: issued.expiresAt.toISOString(),
    } satisfies PasswordResetCreatedView);
  }
}
