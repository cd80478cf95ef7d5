/**
 * A sliding window of recent requests per key (an API token, an address), counted by this
 * instance: `admit` answers 0 and counts the request when the key has had fewer than `rate` in
 * the window, else the seconds until it may go again (and counts nothing). Keys with no request in
 * the window are forgotten as the map grows.
 */
export class RateWindow<Key> {
  private readonly recent = new Map<Key, number[]>();

  constructor(private readonly windowMs: number) {}

  admit(key: Key, rate: number, now = Date.now()): number {
    const times = (this.recent.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length >= rate) {
      this.recent.set(key, times);
      return (times[times.length - rate] + this.windowMs - now) / 1000;
    }
    times.push(now);
    this.recent.set(key, times);
    if (this.recent.size > 10_000) this.forgetIdle(now);
    return 0;
  }

  private forgetIdle(now: number): void {
    for (const [key, times] of this.recent) if (times.every((time) => time <= now - this.windowMs)) this.recent.delete(key);
  }
}
