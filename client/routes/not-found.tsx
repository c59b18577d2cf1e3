import { data } from "react-router";
import type { RouteHandle } from "../route-handle";
import { NotFound } from "../components/not-found";

export const handle: RouteHandle = { flags: { preventRobots: true }, meta: () => ({ title: "Page not found — Loupe" }) };

/** /404 answers with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const Component = NotFound;
