import type { TestProject } from "vitest/node";
import { accessFake } from "./access";
import { affirmFake } from "./affirm";
import { blogCmsFake } from "./blog-cms";
import { braintreeFake } from "./braintree";
import { contentFake } from "./content";
import { facebookFake } from "./facebook";
import { googleFake } from "./google";
import { paypalFake } from "./paypal";
import { resendFake } from "./resend";
import { splititFake } from "./splitit";
import { startRetailerDirectoryFake } from "./retailer-directory";
import { reviewsServiceFake } from "./reviews-service";
import { startFakes } from "./server";
import { stripeFake } from "./stripe";
import { sunshineFake } from "./sunshine";
import { tdFake } from "./td";
import { startApiUpstreamFake } from "./api-upstream";
import { ga4Fake } from "./ga4";
import { metaCapiFake } from "./meta-capi";
import { tiktokFake } from "./tiktok";

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback fakes' origin, e.g. http://127.0.0.1:41234 (tests/fakes/server.ts). */
    fakesOrigin: string;
    /** The fault-injecting upstream retailer directory's origin (tests/fakes/retailer-directory.ts). */
    retailerDirectoryOrigin: string;
    /** The fault-injecting upstream main API of the API proxy's tests (tests/fakes/api-upstream.ts). */
    apiUpstreamOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakes([
    resendFake,
    googleFake,
    facebookFake,
    stripeFake,
    paypalFake,
    braintreeFake,
    reviewsServiceFake,
    contentFake,
    blogCmsFake,
    affirmFake,
    splititFake,
    tdFake,
    metaCapiFake,
    ga4Fake,
    tiktokFake,
    sunshineFake,
    accessFake,
  ]);
  project.provide("fakesOrigin", fakes.origin);
  const directory = await startRetailerDirectoryFake();
  project.provide("retailerDirectoryOrigin", directory.origin);
  const apiUpstream = await startApiUpstreamFake();
  project.provide("apiUpstreamOrigin", apiUpstream.origin);
  return async () => {
    await apiUpstream.stop();
    await directory.stop();
    await fakes.stop();
  };
}
