/**
 * The toast store (decision 043) on a fake clock: a toast leaves after 5,000 ms by default, a timeout of 0 is
 * sticky, a group counts up on one toast and cannot be updated, a held toast waits for its release, and
 * invalid options are logged with the §8 messages.
 */
import { describe, expect, it } from "vitest";
import { MAX_TOASTS, createNotificationStore } from "#client/notifications/store.ts";
import type { NotificationLog } from "#shared/notifications.ts";
import { FakeTimers } from "./fake-timers";

function store() {
  const clock = new FakeTimers();
  const logs: NotificationLog[] = [];
  const s = createNotificationStore({ timers: clock, log: (m) => logs.push(m) });
  const messages = () => s.toasts.value.map((t) => t.message);
  return { clock, logs, s, messages };
}

describe("the toast store", () => {
  it("shows a toast for 5,000 ms by default, then removes it", () => {
    const { clock, s, messages } = store();
    const id = s.notify({ message: "Added to cart" });
    expect(id).not.toBeNull();
    expect(messages()).toEqual(["Added to cart"]);
    clock.advance(4999);
    expect(messages()).toEqual(["Added to cart"]);
    clock.advance(1);
    expect(messages()).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("keeps a sticky toast (timeout 0) until it is dismissed", () => {
    const { clock, s, messages } = store();
    const id = s.notify({ message: "Price locked", timeout: 0 })!;
    expect(clock.pending).toBe(0);
    clock.advance(3_600_000);
    expect(messages()).toEqual(["Price locked"]);
    expect(s.dismiss(id)).toBe(true);
    expect(messages()).toEqual([]);
    expect(s.dismiss(id)).toBe(false);
  });

  it("honours its own timeout, and dismissing early cancels the timer", () => {
    const { clock, s, messages } = store();
    const a = s.notify({ message: "short", timeout: 1000 })!;
    s.notify({ message: "long", timeout: 8000 });
    clock.advance(1000);
    expect(messages()).toEqual(["long"]);
    expect(s.dismiss(a)).toBe(false);
    clock.advance(7000);
    expect(messages()).toEqual([]);
  });

  it("counts a group on one toast (the badge), restarting its time; a new group after it left starts again at 1", () => {
    const { clock, s } = store();
    const first = s.notify({ message: "Saved to my stuff", group: "favorite-saved" });
    clock.advance(4000);
    const second = s.notify({ message: "Saved to my stuff", group: "favorite-saved" });
    const third = s.notify({ message: "Saved to my stuff", group: "favorite-saved" });
    expect([second, third]).toEqual([first, first]);
    expect(s.toasts.value).toMatchObject([{ id: first, count: 3, group: "favorite-saved" }]);
    clock.advance(4999);
    expect(s.toasts.value).toHaveLength(1);
    clock.advance(1);
    expect(s.toasts.value).toEqual([]);
    s.notify({ message: "Saved to my stuff", group: "favorite-saved" });
    expect(s.toasts.value).toMatchObject([{ count: 1 }]);
  });

  it("updates an ungrouped toast (restarting its timer) but never a grouped one (§5)", () => {
    const { clock, s, messages, logs } = store();
    const plain = s.notify({ message: "Saving…", timeout: 0 })!;
    const grouped = s.notify({ message: "Added to cart", group: "cart-added" })!;
    expect(s.update(plain, { message: "Saved", tone: "success", timeout: 2000 })).toBe(true);
    expect(s.update(grouped, { message: "Changed" })).toBe(false);
    expect(s.update(9999, { message: "nobody" })).toBe(false);
    expect(messages()).toEqual(["Saved", "Added to cart"]);
    expect(s.toasts.value[0]).toMatchObject({ tone: "success", timeout: 2000 });
    clock.advance(2000);
    expect(messages()).toEqual(["Added to cart"]);
    expect(logs).toEqual([]);
  });

  it("holds a toast while the shopper reads it, and gives it its full time again on release", () => {
    const { clock, s, messages } = store();
    const id = s.notify({ message: "Link copied" })!;
    clock.advance(4000);
    s.hold(id);
    // A group notification for another toast does not disturb the held one.
    s.notify({ message: "Saved", group: "g" });
    clock.advance(60_000);
    expect(messages()).toEqual(["Link copied"]);
    s.release(id);
    clock.advance(4999);
    expect(messages()).toEqual(["Link copied"]);
    clock.advance(1);
    expect(messages()).toEqual([]);
  });

  it("logs invalid options with the §8 messages, shows the toast with defaults, and shows nothing without a message", () => {
    const { clock, s, logs, messages } = store();
    s.notify({ message: "Added", position: "middle", timeout: -1, badgePosition: "inside" });
    expect(s.toasts.value).toMatchObject([{ position: "bottom", timeout: 5000, badgePosition: "top-right" }]);
    expect(s.notify({ message: "" })).toBeNull();
    expect(logs).toEqual(["wrong position", "wrong timeout", "wrong badgePosition", "parameter required"]);
    clock.advance(5000);
    expect(messages()).toEqual([]);
  });

  it(`keeps at most ${MAX_TOASTS} toasts: a newer one pushes out the oldest (and its timer)`, () => {
    const { clock, s, messages } = store();
    for (let i = 1; i <= MAX_TOASTS + 2; i++) s.notify({ message: `t${i}` });
    expect(messages()).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `t${i + 3}`));
    expect(clock.pending).toBe(MAX_TOASTS);
  });
});
