/** The marketer view's data on the server (client/experiments/marketer.ts): only for a request that proves the admin token. */
import type { MarketerService } from "#client/experiments/marketer.ts";
import type { Bindings } from "../env";
import { experimentReport } from "../experiments/report";
import { changeOverride, type Assignments } from "../experiments/service";
import { outcome } from "./cart";

export function serverMarketer(env: Bindings, assignments: Assignments, origin: string, admin: () => Promise<boolean>): MarketerService {
  return {
    report: async () => ((await admin()) ? experimentReport(env.DB, assignments, origin) : null),
    setOverride: async (name, override) => {
      if (!(await admin())) return null;
      return outcome(async () => {
        await changeOverride(env.DB, assignments, name, override);
        return {};
      });
    },
  };
}
