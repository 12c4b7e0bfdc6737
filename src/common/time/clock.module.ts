import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/** Provides the system clock to every module (see Clock). */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
