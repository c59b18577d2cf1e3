/**
 * Notification options (§5, §8; decision 043): every position, timeout and badge position, valid or not, with
 * the exact §8 log message and the default an invalid option falls back to; the message is required.
 */
import { describe, expect, it } from "vitest";
import {
  BADGE_POSITIONS,
  DEFAULT_BADGE_POSITION,
  DEFAULT_NOTIFICATION_POSITION,
  DEFAULT_NOTIFICATION_TIMEOUT_MS,
  MAX_NOTIFICATION_MESSAGE,
  NOTIFICATION_POSITIONS,
  type NotificationInput,
  type NotificationLog,
  notificationOptions,
  patchedOptions,
} from "#shared/notifications.ts";

function validate(input: NotificationInput | null | undefined) {
  const logs: NotificationLog[] = [];
  return { options: notificationOptions(input, (m) => logs.push(m)), logs };
}

describe("notification options", () => {
  it("defaults: bottom, 5,000 ms, badge top-right, info, no group — and nothing logged", () => {
    expect(validate({ message: "Added to cart" })).toEqual({
      options: { message: "Added to cart", position: "bottom", timeout: 5000, badgePosition: "top-right", tone: "info", group: null },
      logs: [],
    });
    expect(DEFAULT_NOTIFICATION_TIMEOUT_MS).toBe(5000);
  });

  it("takes each of the nine §5 positions", () => {
    expect(NOTIFICATION_POSITIONS).toEqual(["top-left", "top-right", "bottom-left", "bottom-right", "top", "bottom", "left", "right", "center"]);
    for (const position of NOTIFICATION_POSITIONS) expect(validate({ message: "m", position })).toMatchObject({ options: { position }, logs: [] });
  });

  it.each([["middle"], ["Top-Left"], ["top left"], [""], [3], [null], [["top"]]])("logs 'wrong position' for %j and uses the default", (position) => {
    expect(validate({ message: "m", position })).toMatchObject({ options: { position: DEFAULT_NOTIFICATION_POSITION }, logs: ["wrong position"] });
  });

  it.each([[0], [1], [5000], [12.5], [86_400_000]])("takes the timeout %j (0 is sticky)", (timeout) => {
    expect(validate({ message: "m", timeout })).toMatchObject({ options: { timeout }, logs: [] });
  });

  it.each([[-1], [-0.5], [Number.NaN], [Number.POSITIVE_INFINITY], ["5000"], [null], [true]])("logs 'wrong timeout' for %j and uses 5,000 ms", (timeout) => {
    expect(validate({ message: "m", timeout })).toMatchObject({ options: { timeout: 5000 }, logs: ["wrong timeout"] });
  });

  it("takes the four badge positions and logs 'wrong badgePosition' for others", () => {
    for (const badgePosition of BADGE_POSITIONS) expect(validate({ message: "m", badgePosition })).toMatchObject({ options: { badgePosition }, logs: [] });
    for (const badgePosition of ["center", "top", "", 1, null]) {
      expect(validate({ message: "m", badgePosition })).toMatchObject({ options: { badgePosition: DEFAULT_BADGE_POSITION }, logs: ["wrong badgePosition"] });
    }
  });

  it.each([[undefined], [null], [{}], [{ message: "" }], [{ message: "   " }], [{ message: 42 }], [{ position: "top" }]])(
    "logs 'parameter required' without a message (%j) and shows nothing",
    (input) => {
      expect(validate(input as NotificationInput)).toEqual({ options: null, logs: ["parameter required"] });
    },
  );

  it("logs every wrong option once, in order, and still shows the message", () => {
    expect(validate({ message: " Saved ", position: "nowhere", timeout: -5, badgePosition: "inside", tone: "loud", group: "" })).toEqual({
      options: { message: "Saved", position: "bottom", timeout: 5000, badgePosition: "top-right", tone: "info", group: null },
      logs: ["wrong position", "wrong timeout", "wrong badgePosition"],
    });
  });

  it("keeps a message to 200 characters and a group key as given", () => {
    const { options } = validate({ message: "x".repeat(500), group: "cart-added", tone: "success" });
    expect(options?.message).toHaveLength(MAX_NOTIFICATION_MESSAGE);
    expect(options).toMatchObject({ group: "cart-added", tone: "success" });
  });
});

describe("notification patches", () => {
  const current = notificationOptions({ message: "Saving…", timeout: 0 }, () => undefined)!;

  it("changes the message, the tone and the timeout", () => {
    const logs: NotificationLog[] = [];
    expect(patchedOptions(current, { message: "Saved", tone: "success", timeout: 3000 }, (m) => logs.push(m))).toEqual({
      ...current,
      message: "Saved",
      tone: "success",
      timeout: 3000,
    });
    expect(logs).toEqual([]);
  });

  it("keeps the current values for a blank message or a wrong timeout, with the §8 logs", () => {
    const logs: NotificationLog[] = [];
    expect(patchedOptions(current, { message: " ", timeout: -1 }, (m) => logs.push(m))).toEqual(current);
    expect(logs).toEqual(["parameter required", "wrong timeout"]);
  });
});
