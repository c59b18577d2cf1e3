/**
 * Calls that take an email do the same work whether or not it has an account (docs/decisions/054-accounts-hardening.md):
 * an attacker timing `register` could otherwise tell known emails (no password hash) from new ones. Measured
 * two ways: the wall time of registering (the hash dominates; workerd's clock advances in the test pool), and
 * the D1 statements each call runs, counted through a wrapped binding (exact, for calls whose difference is one
 * round trip, below the clock's millisecond).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "../helpers";
import { confirmedUser, freshEmail, freshIp, PASSWORD, post } from "./account-helpers";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

async function timed(work: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await work();
  const ms = performance.now() - started;
  expect(res.status).toBe(200);
  return ms;
}

/** The D1 binding with a count of the statements prepared and the batches run through it. */
function countingDb() {
  const counts = { statements: 0, batches: 0 };
  const db = env.DB;
  const wrapped = {
    prepare: (query: string) => {
      counts.statements++;
      return db.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => {
      counts.batches++;
      return db.batch(statements);
    },
    exec: (query: string) => db.exec(query),
    withSession: () => wrapped,
  } as unknown as D1Database;
  return { db: wrapped, counts };
}

/** The statements and batches one POST runs. */
async function workOf(path: string, body: unknown): Promise<{ statements: number; batches: number; status: number; answer: unknown }> {
  const { db, counts } = countingDb();
  const res = await call(path, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify(body),
    env: { DB: db },
  });
  return { ...counts, status: res.status, answer: await res.json() };
}

const registration = (email: string) => ({ firstName: "Eve", lastName: "X", email, password: "another good passphrase" });

describe("the same work for known and unknown emails", () => {
  it("registers a known email in the same time as a new one (the password is hashed either way)", async () => {
    const known = await confirmedUser("timing");
    for (let i = 0; i < 2; i++) await post("/api/accounts/v1/register", registration(freshEmail("warm")));
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 15; i++) {
      knownMs.push(await timed(() => post("/api/accounts/v1/register", registration(known))));
      unknownMs.push(await timed(() => post("/api/accounts/v1/register", registration(freshEmail("timing-new")))));
    }
    // The clock moves (one PBKDF2 takes tens of milliseconds here), so the comparison means something.
    expect(median(unknownMs)).toBeGreaterThan(5);
    const ratio = median(knownMs) / median(unknownMs);
    expect(ratio, `known ${median(knownMs)} ms, unknown ${median(unknownMs)} ms`).toBeGreaterThan(0.75);
    expect(ratio, `known ${median(knownMs)} ms, unknown ${median(unknownMs)} ms`).toBeLessThan(1.33);
  });

  it("runs as many D1 statements for a known email as for an unknown one, with the same answer", async () => {
    const confirmed = await confirmedUser("work");
    const unconfirmed = freshEmail("work-unconfirmed");
    expect((await post("/api/accounts/v1/register", { firstName: "U", lastName: "N", email: unconfirmed, password: PASSWORD })).status).toBe(200);
    const partial = freshEmail("work-partial");
    expect((await post("/api/accounts/createPartialAccount", { email: partial, firstName: "P", lastName: "A" })).status).toBe(200);

    const cases: [string, (email: string) => unknown, string[]][] = [
      ["/api/accounts/v1/register", registration, [confirmed, unconfirmed, partial]],
      ["/api/accounts/resendconfirmationemail", (email) => ({ email }), [unconfirmed, confirmed]],
      ["/api/accounts/reset", (email) => ({ email }), [confirmed, partial]],
      ["/api/accounts/SendAccountCompletionEmailAsync", (email) => ({ email }), [partial, confirmed]],
      ["/api/accounts/createPartialAccount", (email) => ({ email, firstName: "P", lastName: "A" }), [partial, confirmed]],
    ];
    for (const [path, body, knownEmails] of cases) {
      const unknown = await workOf(path, body(freshEmail("work-new")));
      expect(unknown.status, path).toBe(200);
      for (const email of knownEmails) {
        const known = await workOf(path, body(email));
        expect({ statements: known.statements, batches: known.batches, status: known.status, answer: known.answer }, `${path} ${email}`).toEqual({
          statements: unknown.statements,
          batches: unknown.batches,
          status: unknown.status,
          answer: unknown.answer,
        });
      }
    }
  });
});
