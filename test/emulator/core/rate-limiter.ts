// Rolling-window request counter per bucket (an IP, an account or a key). Pure: the caller
// passes the clock's time, so tests move the clock instead of sleeping.

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until one more request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RollingWindowLimiter {
  hit(bucket: string, nowMs: number): RateDecision;
  reset(): void;
}

export function createRollingWindowLimiter(limit: number, windowMs: number): RollingWindowLimiter {
  const hits = new Map<string, number[]>();
  return {
    hit(bucket, nowMs) {
      const recent = (hits.get(bucket) ?? []).filter((at) => at > nowMs - windowMs && at <= nowMs);
      if (recent.length >= limit) {
        hits.set(bucket, recent);
        const oldest = recent[0]!;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)) };
      }
      recent.push(nowMs);
      hits.set(bucket, recent);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    reset() {
      hits.clear();
    },
  };
}
