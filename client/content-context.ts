/** Content-store items the layout reads on the server (the root loader runs only there). */
import { createContext } from "react-router";
import type { TrafficAlert } from "#shared/content.ts";

export interface ContentService {
  /** A running traffic alert by id, or null (content failures are swallowed, §8). */
  trafficAlert(id: string): Promise<TrafficAlert | null>;
}

export const contentContext = createContext<ContentService>();
