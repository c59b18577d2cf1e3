import type { Timers } from "#client/notifications/store.ts";

/** A clock the test moves: timers fire in due order when `advance` passes them. */
export class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly due = new Map<number, { at: number; fn: () => void }>();

  setTimeout(fn: () => void, ms: number): number {
    const id = this.next++;
    this.due.set(id, { at: this.now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.due.size;
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const first = [...this.due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!first) break;
      this.due.delete(first[0]);
      this.now = first[1].at;
      first[1].fn();
    }
    this.now = until;
  }
}
