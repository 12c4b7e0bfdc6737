import { ApiProperty } from '@nestjs/swagger';

/** The period a report covers, as answered. */
export class ReportPeriodView {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
}
