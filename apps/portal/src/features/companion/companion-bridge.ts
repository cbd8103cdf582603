// The bridge between the companion app and the pages it embeds (SPEC §4 "Companion session", §9; issue 14 §1).
// The message format is documented for the app's developers in docs/companion-bridge.md: keep the two in step.
import { toEpochMs } from '../../lib/session/session-store.ts';

/** SPEC §9: the session is checked every 60 seconds... */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** ...and with less than 5 minutes left the web view asks the app for a refresh. */
export const REFRESH_WHEN_LESS_THAN_MS = 5 * 60_000;

/** App → web view: new tokens after the app refreshed its session. */
export interface TokensRefreshed {
  type: 'tokens-refreshed';
  idToken: string;
  accessToken: string;
  /** Epoch ms, epoch s or ISO; when absent, the access token's `exp` claim. */
  expiresAt?: string | number;
  refreshToken?: string;
}

/** Web view → app. */
export type WebViewMessage =
  | { type: 'refresh-tokens'; expiresAt: string }
  | { type: 'session-refreshed'; expiresAt: string }
  | { type: 'tokens-rejected'; reason: string };

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A tokens-refreshed message, from a JSON string or an object; anything else is null. */
export function parseAppMessage(data: unknown): TokensRefreshed | null {
  let message = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, idToken, accessToken, expiresAt, refreshToken } = message as Record<string, unknown>;
  if (type !== 'tokens-refreshed' || !nonEmpty(idToken) || !nonEmpty(accessToken)) return null;
  return {
    type,
    idToken,
    accessToken,
    ...(typeof expiresAt === 'string' || typeof expiresAt === 'number' ? { expiresAt } : {}),
    ...(nonEmpty(refreshToken) ? { refreshToken } : {}),
  };
}

/** The `exp` claim of a JWT in epoch ms, read without verifying (the API verifies every token it is given). */
export function jwtExpiryMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

interface NativeWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { companion?: { postMessage(message: unknown): void } } };
}

/**
 * Sends a message to the app, as a JSON string: React Native's WebView (`window.ReactNativeWebView`), a WKWebView
 * handler named `companion`, or, inside a frame, the parent window of the same origin.
 */
export function postToApp(message: WebViewMessage, target: Window = window): boolean {
  const native = target as unknown as NativeWindow;
  const json = JSON.stringify(message);
  if (native.ReactNativeWebView) {
    native.ReactNativeWebView.postMessage(json);
    return true;
  }
  if (native.webkit?.messageHandlers?.companion) {
    native.webkit.messageHandlers.companion.postMessage(json);
    return true;
  }
  if (target.parent !== target) {
    target.parent.postMessage(json, target.location.origin);
    return true;
  }
  return false;
}

export interface BridgeDependencies {
  /** When the current session's tokens expire (epoch ms); null without a session. */
  expiresAt(): number | null;
  /** Puts the app's new tokens in place of the session's. */
  applyTokens(tokens: TokensRefreshed & { expiresAt: number }): void;
  send(message: WebViewMessage): void;
  now?: () => number;
  target?: Window;
}

/**
 * Runs the bridge for as long as a native-app page is open: answers tokens-refreshed messages and checks the
 * session at once and every 60 s, asking the app for new tokens while less than 5 minutes remain. Returns stop.
 */
export function startCompanionBridge(deps: BridgeDependencies): () => void {
  const now = deps.now ?? Date.now;
  const target = deps.target ?? window;

  const check = () => {
    const expiresAt = deps.expiresAt();
    if (expiresAt !== null && expiresAt - now() < REFRESH_WHEN_LESS_THAN_MS)
      deps.send({ type: 'refresh-tokens', expiresAt: new Date(expiresAt).toISOString() });
  };

  const onMessage = (event: Event) => {
    const { data, origin } = event as MessageEvent;
    // From the app (native code posts with no origin) or this page's own origin; never another site's frame, nor a
    // sandboxed frame or data: document of any site, whose messages carry the origin "null".
    if (origin !== '' && origin !== target.location.origin) return;
    const message = parseAppMessage(data);
    if (!message) return;
    const expiresAt =
      message.expiresAt !== undefined ? toEpochMs(message.expiresAt) : jwtExpiryMs(message.accessToken);
    if (expiresAt === null || Number.isNaN(expiresAt) || expiresAt <= now()) {
      deps.send({ type: 'tokens-rejected', reason: 'expired-or-no-expiry' });
      return;
    }
    deps.applyTokens({ ...message, expiresAt });
    deps.send({ type: 'session-refreshed', expiresAt: new Date(expiresAt).toISOString() });
  };

  // React Native's WebView delivers to `window` on iOS and to `document` on Android.
  target.addEventListener('message', onMessage);
  target.document.addEventListener('message', onMessage);
  check();
  const interval = setInterval(check, SESSION_CHECK_INTERVAL_MS);
  return () => {
    clearInterval(interval);
    target.removeEventListener('message', onMessage);
    target.document.removeEventListener('message', onMessage);
  };
}
