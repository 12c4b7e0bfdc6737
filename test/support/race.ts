/**
 * Race tests are deterministic (real locks, real connection cuts), so they can be looped inside
 * one jest process with no start-up cost per round: RACE_REPEAT=100 npx jest <file>.
 */
const REPEAT = Math.max(1, Number(process.env.RACE_REPEAT ?? 1));

/** `it`, registered RACE_REPEAT times (once by default). */
export function raceIt(name: string, fn: () => Promise<void>, timeout?: number): void {
  for (let round = 1; round <= REPEAT; round++) it(REPEAT > 1 ? `${name} (round ${round})` : name, fn, timeout);
}
