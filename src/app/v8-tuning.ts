import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring allocates the objects of a site straight into the old generation
 * once enough of them survived a scavenge. Under load many of a call's objects are alive at a
 * scavenge (the call is in flight), so the sites of the request, the response and their headers get
 * pretenured; from then on every call's objects land in the old generation, keep the young objects
 * they point to alive through each scavenge (which copies and promotes them) and die only at the
 * next full collection. Without it, measured (bench/README.md, "The tail at one connection"):
 * the full path's CPU per call 8–18 % lower at 50 connections, and at one connection the p99 of a
 * call 17–23 % lower, in three interleaved pairs. Read by the collector at each scavenge, so setting
 * it here, before the app allocates anything, applies to the whole process (and its workers).
 */
export function tuneV8ForCalls(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
