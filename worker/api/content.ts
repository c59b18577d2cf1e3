import { Hono } from "hono";
import { TrafficAlertId } from "#shared/content.ts";
import { trafficAlert } from "../content/alerts";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { pathParams } from "./validate";

/** Content-store items (§7 content services): `GET /content/traffic-alert/{id}` (the id follows Hide_Tariff_Alert_V2). */
export const contentApi = new Hono<AppEnv>().get("/content/traffic-alert/:id", pathParams(TrafficAlertId), async (c) => {
  const { id } = c.req.valid("param");
  const alert = await trafficAlert(c.env.DB, id);
  if (!alert) throw new ApiError(404, `No running traffic alert ${id}`);
  c.header("Cache-Control", "public, max-age=60");
  return c.json(alert);
});
