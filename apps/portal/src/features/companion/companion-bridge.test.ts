import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jwtExpiryMs,
  parseAppMessage,
  postToApp,
  REFRESH_WHEN_LESS_THAN_MS,
  SESSION_CHECK_INTERVAL_MS,
  startCompanionBridge,
  type WebViewMessage,
} from './companion-bridge.ts';

const MINUTE = 60_000;
const jwt = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')}.sig`;

/** The app's side: what the web view sent it, and a way to post into the page as the native WebView does. */
function bridgeWith(expiresInMs: number | null) {
  const sent: WebViewMessage[] = [];
  const applied: unknown[] = [];
  let expiresAt = expiresInMs === null ? null : Date.now() + expiresInMs;
  const stop = startCompanionBridge({
    expiresAt: () => expiresAt,
    send: (message) => sent.push(message),
    applyTokens: (tokens) => {
      applied.push(tokens);
      expiresAt = tokens.expiresAt;
    },
  });
  const post = (data: unknown, on: 'window' | 'document' = 'window', origin = '') =>
    (on === 'window' ? window : document).dispatchEvent(new MessageEvent('message', { data, origin }));
  return { sent, applied, stop, post };
}

describe('companion bridge (SPEC §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('checks the session every 60 seconds and asks the app for a refresh once less than 5 minutes remain', () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(60_000);
    expect(REFRESH_WHEN_LESS_THAN_MS).toBe(5 * MINUTE);
    const { sent, stop } = bridgeWith(7 * MINUTE + 30_000);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(2 * MINUTE); // 5:30 left at the second check
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(MINUTE); // 4:30 left
    expect(sent).toEqual([{ type: 'refresh-tokens', expiresAt: '2026-06-01T12:07:30.000Z' }]);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1); // and again at every check until new tokens come
    expect(sent).toHaveLength(2);
    stop();
  });

  it('asks at once when the page opens with less than 5 minutes left, and never without a session', () => {
    const short = bridgeWith(4 * MINUTE);
    expect(short.sent.map((m) => m.type)).toEqual(['refresh-tokens']);
    short.stop();
    const none = bridgeWith(null);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(none.sent).toEqual([]);
    none.stop();
  });

  it('refreshes the session from a tokens-refreshed event (JSON string, on window or document) and says so', () => {
    const { sent, applied, post, stop } = bridgeWith(4 * MINUTE);
    const exp = Math.floor(Date.now() / 1000) + 15 * 60;
    post(JSON.stringify({ type: 'tokens-refreshed', idToken: 'id-2', accessToken: jwt({ exp }) }));
    expect(applied).toEqual([
      { type: 'tokens-refreshed', idToken: 'id-2', accessToken: jwt({ exp }), expiresAt: exp * 1000 },
    ]);
    expect(sent.at(-1)).toEqual({ type: 'session-refreshed', expiresAt: '2026-06-01T12:15:00.000Z' });
    // 15 minutes left now: the next checks ask nothing.
    const before = sent.length;
    vi.advanceTimersByTime(5 * MINUTE);
    expect(sent).toHaveLength(before);
    // Android's WebView delivers to document, with an explicit expiresAt (ISO).
    post(
      { type: 'tokens-refreshed', idToken: 'id-3', accessToken: 'opaque', expiresAt: '2026-06-01T13:00:00Z' },
      'document',
    );
    expect(applied).toHaveLength(2);
    expect(applied[1]).toMatchObject({
      accessToken: 'opaque',
      expiresAt: Date.parse('2026-06-01T13:00:00Z'),
    });
    stop();
  });

  it('ignores other messages, other sites, and refuses tokens that are already expired or carry no expiry', () => {
    const { sent, applied, post, stop } = bridgeWith(10 * MINUTE);
    post('not json');
    post({ type: 'something-else' });
    post({ type: 'tokens-refreshed', idToken: '', accessToken: 'x' });
    post(
      { type: 'tokens-refreshed', idToken: 'i', accessToken: jwt({ exp: 9e9 }) },
      'window',
      'https://evil.example',
    );
    // A sandboxed frame or a data: document, which any site can make, posts with the origin "null".
    post({ type: 'tokens-refreshed', idToken: 'i', accessToken: jwt({ exp: 9e9 }) }, 'window', 'null');
    post({ type: 'tokens-refreshed', idToken: 'i', accessToken: jwt({ exp: 9e9 }) }, 'document', 'null');
    expect(applied).toEqual([]);
    expect(sent).toEqual([]);
    post({ type: 'tokens-refreshed', idToken: 'i', accessToken: jwt({ exp: Date.now() / 1000 - 1 }) });
    post({ type: 'tokens-refreshed', idToken: 'i', accessToken: 'opaque-without-exp' });
    expect(applied).toEqual([]);
    expect(sent).toEqual([
      { type: 'tokens-rejected', reason: 'expired-or-no-expiry' },
      { type: 'tokens-rejected', reason: 'expired-or-no-expiry' },
    ]);
    stop();
  });

  it('stops checking and listening when the page closes', () => {
    const { sent, applied, post, stop } = bridgeWith(4 * MINUTE);
    stop();
    vi.advanceTimersByTime(10 * MINUTE);
    post({ type: 'tokens-refreshed', idToken: 'i', accessToken: jwt({ exp: 9e9 }) });
    expect(sent).toHaveLength(1);
    expect(applied).toEqual([]);
  });
});

describe('bridge messages', () => {
  it('parses only well-formed tokens-refreshed messages', () => {
    expect(
      parseAppMessage('{"type":"tokens-refreshed","idToken":"a","accessToken":"b","refreshToken":"c"}'),
    ).toEqual({ type: 'tokens-refreshed', idToken: 'a', accessToken: 'b', refreshToken: 'c' });
    expect(parseAppMessage(null)).toBeNull();
    expect(parseAppMessage({ type: 'tokens-refreshed', accessToken: 'b' })).toBeNull();
  });

  it('reads the expiry of a JWT access token', () => {
    expect(jwtExpiryMs(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    expect(jwtExpiryMs('opaque')).toBeNull();
  });

  it("posts JSON strings to React Native's WebView, else to a WKWebView handler named companion", () => {
    const rn = vi.fn();
    const rnWindow = { ReactNativeWebView: { postMessage: rn } } as unknown as Window;
    expect(postToApp({ type: 'refresh-tokens', expiresAt: 'x' }, rnWindow)).toBe(true);
    expect(rn).toHaveBeenCalledWith('{"type":"refresh-tokens","expiresAt":"x"}');
    const wk = vi.fn();
    const wkWindow = { webkit: { messageHandlers: { companion: { postMessage: wk } } } } as unknown as Window;
    postToApp({ type: 'session-refreshed', expiresAt: 'y' }, wkWindow);
    expect(wk).toHaveBeenCalledWith('{"type":"session-refreshed","expiresAt":"y"}');
    expect(postToApp({ type: 'refresh-tokens', expiresAt: 'z' }, window)).toBe(false);
  });
});
