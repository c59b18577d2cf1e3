/** PLACEHOLDER until the external sign-in slice lands. */
import type { FacebookConfig } from "./config";
import type { ExternalProfile } from "./profile";
export function verifyFacebookAccessToken(_accessToken: string, _config: FacebookConfig, _options?: { now?: number }): Promise<ExternalProfile> {
  throw new Error("not yet");
}
export function facebookDialogUrl(_config: FacebookConfig, _o: { redirectUri: string; state: string }): string {
  return "";
}
export function exchangeFacebookCode(_code: string, _redirectUri: string, _config: FacebookConfig): Promise<string> {
  throw new Error("not yet");
}
