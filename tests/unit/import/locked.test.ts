/**
 * A local import while the shop runs on the same state: a batch refused because `wrangler dev` holds the SQLite
 * write lock is tried again (a refused batch wrote nothing), other failures are not.
 */
import { describe, expect, it } from "vitest";
import { whileLocked } from "../../../scripts/import/apply";

describe("whileLocked", () => {
  it("tries a batch refused by the lock again, waiting 250, 500, 1,000 ms, and answers its result", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await whileLocked(
      async () => {
        calls++;
        if (calls < 4) throw new Error("D1_ERROR: database is locked: SQLITE_BUSY");
        return "written";
      },
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe("written");
    expect(waits).toEqual([250, 500, 1000]);
  });

  it("gives up after five attempts, and never retries another failure", async () => {
    let calls = 0;
    const locked = whileLocked(
      async () => {
        calls++;
        throw new Error("database is locked");
      },
      async () => undefined,
    );
    await expect(locked).rejects.toThrow("database is locked");
    expect(calls).toBe(5);
    let other = 0;
    const failing = whileLocked(
      async () => {
        other++;
        throw new Error("UNIQUE constraint failed: diamonds.certificate_id");
      },
      async () => undefined,
    );
    await expect(failing).rejects.toThrow("UNIQUE constraint failed");
    expect(other).toBe(1);
  });
});
