/** §7 `GET /retailers`: the retailers the search filters list. */
import { promotionOperations as ops } from "#shared/api/promotions.ts";
import { handle } from "../http/routes";
import { listRetailers } from "./service";

export const retailerRoutes = [
  handle(ops.listRetailers, async (_, c) => {
    c.header("Cache-Control", "public, max-age=300");
    return { status: 200, body: { retailers: await listRetailers(c.env.DB) } };
  }),
];
