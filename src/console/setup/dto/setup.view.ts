import { ApiProperty } from '@nestjs/swagger';

/** Whether this gateway still waits for its first operator. */
export class SetupStatusView {
  @ApiProperty({ description: 'True while no operator user exists: the sign-in page then offers to create the first operator.' })
  first_operator_needed!: boolean;
}
