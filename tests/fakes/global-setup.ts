import type { TestProject } from "vitest/node";
import { blogCmsFake } from "./blog-cms";
import { braintreeFake } from "./braintree";
import { contentFake } from "./content";
import { facebookFake } from "./facebook";
import { googleFake } from "./google";
import { paypalFake } from "./paypal";
import { resendFake } from "./resend";
import { reviewsServiceFake } from "./reviews-service";
import { startFakes } from "./server";
import { stripeFake } from "./stripe";

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback fakes' origin, e.g. http://127.0.0.1:41234 (tests/fakes/server.ts). */
    fakesOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakes([resendFake, googleFake, facebookFake, stripeFake, paypalFake, braintreeFake, reviewsServiceFake, contentFake, blogCmsFake]);
  project.provide("fakesOrigin", fakes.origin);
  return fakes.stop;
}
