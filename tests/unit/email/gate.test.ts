/**
 * The email gate's pure parts (worker/email/gate.ts): how a recipient is counted, which category a send counts in,
 * that the migration sorts the rows already written the same way, and that the gate is the outbox's only door.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { categoryOf, TEMPLATE_CATEGORY, targetOf } from "#worker/email/gate.ts";
import { EMAIL_TEMPLATES, type EmailMessage } from "#worker/email/templates.ts";

const root = new URL("../../../", import.meta.url).pathname;

const confirmation: EmailMessage = {
  to: "a@example.com",
  template: "order-confirmation",
  data: { orderNumber: "LP1", status: "paid", items: [], amountCents: 100, link: "https://loupe.test/orders/LP1-k" },
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the email gate", () => {
  it("counts a recipient by one key: trimmed, lower case, without a +tag", () => {
    expect(targetOf(" Ada.Lovelace+shop@Example.COM ")).toBe("ada.lovelace@example.com");
    expect(targetOf("ada+1@example.com")).toBe(targetOf("ADA+2@EXAMPLE.COM"));
    expect(targetOf("+only@example.com")).toBe("+only@example.com");
    expect(targetOf("a+b@c+d@example.com")).toBe("a@example.com");
    expect(targetOf("not-an-address")).toBe("not-an-address");
  });

  it("counts a send in its template's category; a sender may only move it to other", () => {
    expect(categoryOf({ message: confirmation })).toBe("transactional");
    expect(categoryOf({ message: confirmation, category: "other" })).toBe("other");
    expect(
      categoryOf({ message: { to: "a@example.com", template: "welcome-offer", data: { code: "W", shopLink: "https://loupe.test/", unsubscribeLink: null } } }),
    ).toBe("other");
    expect(Object.keys(TEMPLATE_CATEGORY).sort()).toEqual([...EMAIL_TEMPLATES].sort());
  });

  it("the migration sorts the rows already written as the gate does", () => {
    const sql = readFileSync(join(root, "migrations/0037_email_limits.sql"), "utf8");
    const listed = sql
      .match(/template IN \(([^)]*)\) THEN 'transactional'/)![1]!
      .split(",")
      .map((s) => s.trim().replace(/^'|'$/g, ""));
    // Templates made after the migration ran had no rows to sort.
    const newer: readonly string[] = ["operator-notice"];
    const transactional = EMAIL_TEMPLATES.filter((t) => TEMPLATE_CATEGORY[t] === "transactional" && !newer.includes(t));
    expect(listed.sort()).toEqual(transactional.sort());
  });

  it("is the only code that writes outbox rows", () => {
    const writers = sources(join(root, "worker")).filter((path) => /INSERT\s+INTO\s+email_outbox/i.test(readFileSync(path, "utf8")));
    expect(writers.map((p) => p.slice(root.length))).toEqual(["worker/email/gate.ts"]);
  });
});
