/** PLACEHOLDER until the external sign-in slice lands. */
export interface ExternalBindings {
  GOOGLE_CLIENT_ID?: string;
  FACEBOOK_APP_ID?: string;
  FACEBOOK_APP_SECRET?: string;
}
export interface GoogleConfig {
  clientId: string;
  certsUrl: string;
  authorizeUrl: string;
  fetch?: typeof fetch;
}
export interface FacebookConfig {
  appId: string;
  appSecret: string;
  graphUrl: string;
  dialogUrl: string;
  fetch?: typeof fetch;
}
export function googleConfig(env: ExternalBindings): GoogleConfig | null {
  return env.GOOGLE_CLIENT_ID ? { clientId: env.GOOGLE_CLIENT_ID, certsUrl: "", authorizeUrl: "" } : null;
}
export function facebookConfig(env: ExternalBindings): FacebookConfig | null {
  return env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
    ? { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET, graphUrl: "", dialogUrl: "" }
    : null;
}
