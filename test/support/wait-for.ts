/**
 * Polls `probe` until it returns something truthy, and returns it; throws with `what` once
 * `timeoutMs` passed without it. A deadline for failure, not a sleep standing in for a condition.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T> | T, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
