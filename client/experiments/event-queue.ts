/**
 * The experiment event queue (§4, §9): events go out one at a time, at least SPACING_MS apart, the queue
 * checked every POLL_MS. A failed send is retried on a later check (at most MAX_ATTEMPTS times).
 */
export const SPACING_MS = 750;
export const POLL_MS = 500;
const MAX_ATTEMPTS = 3;

export interface QueueClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realClock: QueueClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export class EventQueue<T> {
  private readonly items: { event: T; attempts: number }[] = [];
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private sending = false;
  private timer: unknown = null;

  constructor(
    private readonly send: (event: T) => Promise<void>,
    private readonly clock: QueueClock = realClock,
  ) {}

  get size(): number {
    return this.items.length;
  }

  push(event: T): void {
    this.items.push({ event, attempts: 0 });
    if (this.timer === null) this.timer = this.clock.setInterval(() => this.check(), POLL_MS);
  }

  /** One check: sends the next event when none is in flight and the last went out SPACING_MS ago. */
  check(): void {
    if (this.sending || !this.items.length || this.clock.now() - this.lastSentAt < SPACING_MS) return;
    const item = this.items.shift()!;
    this.sending = true;
    this.lastSentAt = this.clock.now();
    this.send(item.event)
      .catch(() => {
        if (++item.attempts < MAX_ATTEMPTS) this.items.push(item);
      })
      .finally(() => {
        this.sending = false;
        if (!this.items.length && this.timer !== null) {
          this.clock.clearInterval(this.timer);
          this.timer = null;
        }
      });
  }
}
