/**
 * The API contract: every operation the worker serves under `/api`, by feature. Add a call here first; the
 * worker registers a handler for each (a missing one fails the contract test), the document lists it and
 * the browser can call it by its key (`"POST /diamonds2"`).
 */
import { accountOperations } from "./accounts";
import { articleOperations } from "./articles";
import { cartOperations } from "./cart";
import { contentOperations } from "./content";
import { myStuffOperations } from "./my-stuff";
import { myStuffAlertOperations } from "./my-stuff-alerts";
import { myStuffListOperations } from "./my-stuff-lists";
import { orderOperations } from "./orders";
import { webhookOperations } from "./webhooks";
import { orderLookupOperations } from "./order-lookup";
import { diamondOperations } from "./diamonds";
import { experimentOperations } from "./experiments";
import type { Contract, Operation } from "./operation";
import { promotionOperations } from "./promotions";
import { searchOperations } from "./search";
import { settingOperations } from "./settings";

const byFeature = [
  searchOperations,
  diamondOperations,
  promotionOperations,
  settingOperations,
  cartOperations,
  experimentOperations,
  contentOperations,
  accountOperations,
  orderOperations,
  webhookOperations,
  orderLookupOperations,
  myStuffOperations,
  myStuffListOperations,
  myStuffAlertOperations,
  articleOperations,
] as const;

/** Every operation of the API. */
export const operations: readonly Operation[] = byFeature.flatMap((ops) => Object.values(ops));

type Values<T> = T[keyof T];
type AnyOperation =
  | Values<typeof searchOperations>
  | Values<typeof diamondOperations>
  | Values<typeof promotionOperations>
  | Values<typeof settingOperations>
  | Values<typeof cartOperations>
  | Values<typeof experimentOperations>
  | Values<typeof contentOperations>
  | Values<typeof accountOperations>
  | Values<typeof orderOperations>
  | Values<typeof webhookOperations>
  | Values<typeof orderLookupOperations>
  | Values<typeof myStuffOperations>
  | Values<typeof myStuffListOperations>
  | Values<typeof myStuffAlertOperations>
  | Values<typeof articleOperations>;

/** The operations by key, `"METHOD /path"`. */
export type ApiContract = Contract<AnyOperation>;
export type OperationKey = keyof ApiContract;
