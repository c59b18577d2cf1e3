import { NotFound } from "../components/not-found";

export const handle = { flags: { preventRobots: true } };

export const meta = () => [{ title: "Page not found — Loupe" }];

/**
 * The router's final catch-all. The server answers unknown page paths with a 301 to / (§2) before the
 * router runs, so this renders during client-side navigation only. It has no loader, so reaching it
 * needs no request.
 */
export default function CatchAll() {
  return <NotFound />;
}
