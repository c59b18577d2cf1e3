/**
 * The API contract: every operation the worker serves under `/api`, by feature. Add a call here first; the
 * worker registers a handler for each (a missing one fails the contract test), the document lists it and
 * the browser can call it by its key (`"POST /diamonds2"`).
 */
import { accountOperations } from "./accounts";
import { analyticsOperations, versionOperations } from "./analytics";
import { articleOperations } from "./articles";
import { cartOperations } from "./cart";
import { contentOperations } from "./content";
import { contentPageOperations } from "./content-pages";
import { contentAdminOperations } from "./content-admin";
import { dealScoreOperations } from "./deal-score";
import { informationOperations } from "./information";
import { installmentOperations } from "./installments";
import { myStuffOperations } from "./my-stuff";
import { myStuffAlertOperations } from "./my-stuff-alerts";
import { myStuffListOperations } from "./my-stuff-lists";
import { orderOperations } from "./orders";
import { webhookOperations } from "./webhooks";
import { orderLookupOperations } from "./order-lookup";
import { orderCareOperations } from "./order-care";
import { operatorOrderOperations } from "./operator-orders";
import { diamondOperations } from "./diamonds";
import { experimentOperations } from "./experiments";
import { gemologistReviewOperations } from "./gemologist-reviews";
import { orderReviewOperations } from "./order-reviews";
import type { Contract, Operation } from "./operation";
import { promotionOperations } from "./promotions";
import { reportOperations } from "./reports";
import { retailerOperations } from "./retailers";
import { reviewOperations } from "./reviews";
import { searchOperations } from "./search";
import { searchWizardOperations } from "./search-wizard";
import { settingOperations } from "./settings";
import { ringSizeOperations } from "./ring-size";
import { tdFinanceOperations } from "./td-finance";
import { trackingOperations } from "./tracking";
import { trackingAdminOperations } from "./tracking-admin";
import { conversationOperations } from "./conversations";
import { clientEventOperations } from "./client-events";

const byFeature = [
  searchOperations,
  diamondOperations,
  promotionOperations,
  retailerOperations,
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
  reviewOperations,
  contentPageOperations,
  analyticsOperations,
  versionOperations,
  informationOperations,
  contentAdminOperations,
  articleOperations,
  reportOperations,
  searchWizardOperations,
  dealScoreOperations,
  gemologistReviewOperations,
  installmentOperations,
  ringSizeOperations,
  orderReviewOperations,
  tdFinanceOperations,
  orderCareOperations,
  operatorOrderOperations,
  trackingOperations,
  trackingAdminOperations,
  conversationOperations,
  clientEventOperations,
] as const;

/** Every operation of the API. */
export const operations: readonly Operation[] = byFeature.flatMap((ops) => Object.values(ops));

type Values<T> = T[keyof T];
type AnyOperation =
  | Values<typeof searchOperations>
  | Values<typeof diamondOperations>
  | Values<typeof promotionOperations>
  | Values<typeof retailerOperations>
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
  | Values<typeof reviewOperations>
  | Values<typeof contentPageOperations>
  | Values<typeof analyticsOperations>
  | Values<typeof versionOperations>
  | Values<typeof informationOperations>
  | Values<typeof contentAdminOperations>
  | Values<typeof articleOperations>
  | Values<typeof reportOperations>
  | Values<typeof searchWizardOperations>
  | Values<typeof dealScoreOperations>
  | Values<typeof gemologistReviewOperations>
  | Values<typeof installmentOperations>
  | Values<typeof ringSizeOperations>
  | Values<typeof orderReviewOperations>
  | Values<typeof tdFinanceOperations>
  | Values<typeof orderCareOperations>
  | Values<typeof operatorOrderOperations>
  | Values<typeof trackingOperations>
  | Values<typeof trackingAdminOperations>
  | Values<typeof conversationOperations>
  | Values<typeof clientEventOperations>;

/** The operations by key, `"METHOD /path"`. */
export type ApiContract = Contract<AnyOperation>;
export type OperationKey = keyof ApiContract;
