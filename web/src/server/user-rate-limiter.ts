/// <reference types="node" />
/**
 * A token bucket per user: `perMinute` requests, refilled evenly (one every `60000 / perMinute` ms), so a burst of up to
 * `perMinute` passes and a steady flow above it waits. Idle users' buckets are dropped once full again.
 */
export class UserRateLimiter {
  #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perMinute: number) {}

  /** Takes a token for `userId`. @returns 0 when taken, else the ms until one is there (nothing taken) */
  take(userId: string, now = Date.now()): number {
    const perMs = this.perMinute / 60_000;
    const bucket = this.#buckets.get(userId) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.#buckets.set(userId, bucket);
    if (this.#buckets.size > 10_000) this.#prune(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / perMs);
  }

  #prune(now: number): void {
    for (const [user, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * (this.perMinute / 60_000) >= this.perMinute) this.#buckets.delete(user);
    }
  }
}
