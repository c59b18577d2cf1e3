/** PLACEHOLDER until the external sign-in slice lands. */
import type { GoogleConfig } from "./config";
import type { ExternalProfile } from "./profile";
export function verifyGoogleIdToken(_idToken: string, _config: GoogleConfig, _options?: { now?: number; expectedNonce?: string }): Promise<ExternalProfile> {
  throw new Error("not yet");
}
export function googleAuthorizationUrl(_config: GoogleConfig, _o: { redirectUri: string; nonce: string; state: string }): string {
  return "";
}
