/**
 * The marketer view's data (`/experiments`): on the server the worker's report for an admin request (null
 * otherwise), in the browser `GET /api/experiments/report` with the admin session cookie (null on 404).
 */
import { createContext } from "react-router";
import type { ExperimentOverride } from "#shared/experiments/overrides.ts";
import type { ExperimentReport } from "#shared/experiments/schemas.ts";
import type { Outcome } from "#shared/refusal.ts";

export interface MarketerService {
  /** The report, or null when the request does not prove the admin token. */
  report(): Promise<ExperimentReport | null>;
  /**
   * Sets (or, with null, removes) an experiment's override in the content store: the refusal otherwise;
   * null when the request does not prove the admin token.
   */
  setOverride(name: string, override: ExperimentOverride | null): Promise<Outcome<object> | null>;
}

export const marketerContext = createContext<MarketerService>();
