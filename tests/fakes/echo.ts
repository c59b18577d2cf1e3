import type { Fake } from "./server";

/** A trivial fake proving the worker reaches the loopback server. */
export const echoFake: Fake = {
  prefix: "/echo",
  handle: async (req) => Response.json({ method: req.method, path: new URL(req.url).pathname }),
  control: () => ({ ok: true }),
};
