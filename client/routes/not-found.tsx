import { data } from "react-router";
import { NotFound } from "../components/not-found";

export const handle = { flags: { preventRobots: true } };

export const meta = () => [{ title: "Page not found — Loupe" }];

/** /404 answers with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
