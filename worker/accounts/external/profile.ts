/** PLACEHOLDER until the external sign-in slice lands (the helper's file replaces this one). */
export interface ExternalProfile {
  provider: "google" | "facebook";
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
}
export class ProviderUnavailable extends Error {}
