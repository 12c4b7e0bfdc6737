import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, registerDecorator } from 'class-validator';
import { EMAIL_MAX_LENGTH, normaliseEmail } from '../email';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../password-hasher';

/** A new password: a string of 10 to 256 characters (code points; any characters, spaces included). */
export function IsNewPassword(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNewPassword',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters` },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && passwordLength(value) >= PASSWORD_MIN_LENGTH && passwordLength(value) <= PASSWORD_MAX_LENGTH,
      },
    });
}

/** An email as typed: trimmed and lower-cased, then checked. */
export function IsUserEmail(): PropertyDecorator {
  return (target, propertyName) => {
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseEmail(value) : value))(target, propertyName);
    IsEmail({}, { message: `${String(propertyName)} must be an email address` })(target, propertyName);
    MaxLength(EMAIL_MAX_LENGTH)(target, propertyName);
  };
}

export const NEW_PASSWORD_PROPERTY = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  format: 'password',
  description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, any (spaces and Unicode included; compared after NFKC normalisation).`,
} as const;

/** Who a new user is: the fields every way of creating one asks for. */
export class NewUserRequest {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Stored trimmed and lower-cased.' })
  @IsUserEmail()
  email!: string;

  @ApiProperty(NEW_PASSWORD_PROPERTY)
  @IsNewPassword()
  password!: string;

  @ApiProperty({ minLength: 1, maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;
}
