import { describe, expect, it } from "vitest";
import { EventQueue, POLL_MS, SPACING_MS, type QueueClock } from "#client/experiments/event-queue.ts";

/** A clock the test moves: intervals fire as time passes. */
function fakeClock() {
  let now = 0;
  const timers = new Map<number, { fn: () => void; ms: number; next: number }>();
  let ids = 0;
  const clock: QueueClock = {
    now: () => now,
    setInterval: (fn, ms) => {
      timers.set(++ids, { fn, ms, next: now + ms });
      return ids;
    },
    clearInterval: (h) => void timers.delete(h as number),
  };
  /** Advances time by `ms`, firing intervals in order and letting sends settle between ticks. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.ms;
      due.fn();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    now = end;
  }
  return { clock, advance, timers };
}

describe("experiment event queue (§4: one at a time, about 750 ms apart, checked every 500 ms)", () => {
  it("sends queued events one at a time, never closer than 750 ms, on 500 ms checks", async () => {
    const { clock, advance } = fakeClock();
    const sent: { name: string; at: number }[] = [];
    const q = new EventQueue<string>(async (name) => void sent.push({ name, at: clock.now() }), clock);
    for (const name of ["a", "b", "c", "d"]) q.push(name);
    await advance(POLL_MS - 1);
    expect(sent).toEqual([]);
    await advance(5000);
    expect(sent.map((s) => s.name)).toEqual(["a", "b", "c", "d"]);
    for (let i = 1; i < sent.length; i++) {
      const gap = sent[i]!.at - sent[i - 1]!.at;
      expect(gap).toBeGreaterThanOrEqual(SPACING_MS);
      expect(gap % POLL_MS).toBe(0);
    }
    expect(sent[0]!.at).toBe(POLL_MS);
  });

  it("waits for the event in flight before sending the next", async () => {
    const { clock, advance } = fakeClock();
    let release!: () => void;
    const sent: string[] = [];
    const q = new EventQueue<string>((name) => {
      sent.push(name);
      return name === "slow" ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    }, clock);
    q.push("slow");
    q.push("next");
    await advance(3000);
    expect(sent).toEqual(["slow"]);
    release();
    await advance(1000);
    expect(sent).toEqual(["slow", "next"]);
  });

  it("retries a failed send on a later check, at most three times, and stops checking when empty", async () => {
    const { clock, advance, timers } = fakeClock();
    let calls = 0;
    const q = new EventQueue<string>(async () => {
      calls++;
      throw new Error("offline");
    }, clock);
    q.push("x");
    await advance(10_000);
    expect(calls).toBe(3);
    expect(q.size).toBe(0);
    expect(timers.size).toBe(0);
  });
});
