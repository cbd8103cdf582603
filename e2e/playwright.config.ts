import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { API_ENV, API_NODE_FLAGS } from '../apps/api/src/node-flags.ts';
import { E2E_ADYEN } from './adyen-credentials.ts';
import { VISUAL_NOW } from './visual-now.ts';

// The real stack: the API process serving the built portal, on an in-memory PGlite seeded with the demo world.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// Social sign-in (project `oidc`): a real OpenID provider (oidc/provider.ts) and a second API process
// configured with it, so the other suites keep a portal without the social button.
const oidcProviderPort = Number(process.env.E2E_OIDC_PROVIDER_PORT ?? port + 1);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 2);
const oidcBaseURL = `http://127.0.0.1:${oidcPort}`;
const oidc = {
  OIDC_ISSUER: `http://127.0.0.1:${oidcProviderPort}`,
  OIDC_CLIENT_ID: 'portal-e2e',
  OIDC_CLIENT_SECRET: 'portal-e2e-secret',
  OIDC_REDIRECT_URI: `${oidcBaseURL}/api/identity/oidc/callback`,
};
const SOCIAL_SUITES = /identity-social\.spec\.ts$/;

/**
 * The screenshot suite (project `visual`, decision 0095) runs on a stack of its own: a demo world nobody else
 * changes, seeded as of a fixed instant, with the API's clock starting there (the browser's clock is set to the
 * same instant by the suite: visual-now.ts), so every run shows the same data. It listens after the other stacks'
 * ports.
 */
const VISUAL_SUITES = /screens-visual\.spec\.ts$/;

/**
 * HTTPS with HTTP/2 (project `https`, decision 0125): one more API process, given a self-signed certificate made
 * when it starts (TLS_CERT_FILE, TLS_KEY_FILE), that the browser of this project alone accepts. It listens after
 * the visual stack.
 */
const HTTPS_SUITES = /https\.spec\.ts$/;
const OWN_STACK_SUITES = [SOCIAL_SUITES, VISUAL_SUITES, HTTPS_SUITES];
const ownStack = (file: string) => OWN_STACK_SUITES.some((suites) => suites.test(file));

/**
 * Two stacks side by side (E2E_STACKS, default 2; decision 0089): each is its own API process on its own
 * in-memory database, and each runs its share of the spec files one after another in one worker, exactly as the
 * single stack did — so no two tests ever share a database at the same time. Stack 1 listens on E2E_PORT, stack
 * k > 1 on E2E_PORT + 1 + k (E2E_PORT + 1 and + 2 are the OpenID provider and its API). The spec files are
 * dealt to the stacks by their measured duration (durations.json, seconds; a file not listed counts as the
 * median), longest first onto the least loaded stack, so both finish at about the same time.
 */
const STACKS = Math.max(1, Math.floor(Number(process.env.E2E_STACKS ?? 2)));
const stackPorts = Array.from({ length: STACKS }, (_, index) => (index === 0 ? port : port + 2 + index));
const visualPort = port + 3 + STACKS;
const visualBaseURL = `http://127.0.0.1:${visualPort}`;
const httpsPort = visualPort + 1;
const httpsBaseURL = `https://127.0.0.1:${httpsPort}`;
const httpsCertificate = join(tmpdir(), `mp-e2e-tls-${httpsPort}`);
const stacks = dealSpecs(STACKS).map((files, index) => ({
  files,
  port: stackPorts[index] as number,
  url: `http://127.0.0.1:${stackPorts[index]}`,
}));

function dealSpecs(count: number): string[][] {
  const testsDir = resolve(import.meta.dirname, 'tests');
  const files = readdirSync(testsDir)
    .filter((file) => file.endsWith('.spec.ts') && !ownStack(file))
    .sort();
  const measured = JSON.parse(readFileSync(resolve(import.meta.dirname, 'durations.json'), 'utf8')) as Record<
    string,
    number
  >;
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (file: string) => measured[file] ?? median;
  const dealt = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  // The suites on stacks of their own run on the first worker a stack leaves free: the last stack starts with
  // their time, so it gets that much less and frees its worker for them when the others are still busy.
  const ownStacks = Object.entries(measured).filter(([file]) => ownStack(file));
  (dealt.at(-1) as { total: number }).total += ownStacks.reduce((sum, [, seconds]) => sum + seconds, 0);
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = dealt.reduce((best, stack) => (stack.total < best.total ? stack : best));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return dealt.map((stack) => stack.files.sort());
}

function apiServer(listenPort: number, url: string, extra: Record<string, string> = {}) {
  return {
    // As `npm start` runs the API: with its Node flags and environment (apps/api/src/node-flags.ts).
    command: ['node', ...API_NODE_FLAGS, '../apps/api/src/main.ts'].join(' '),
    url: `${url}/api/readyz`,
    ignoreHTTPSErrors: url.startsWith('https:'),
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      ...API_ENV,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'true',
      PUBLIC_URL: url,
      PORTAL_ORIGIN: url,
      LOG_LEVEL: 'warn',
      // Refunds through the embedded PSP always succeed here (its default fails 5 % of them, as acquirers do).
      PSP_REFUND_FAILURE_RATE: '0',
      NODE_ENV: 'test',
      // The PSP simulator stays off (tests make their own traffic); the webhook takes these credentials so a
      // spec can post signed notifications (e2e/tests/live-transactions.spec.ts).
      PSP_SIMULATOR_RATE: '0',
      ADYEN_HMAC_KEY: E2E_ADYEN.hmacKey,
      ADYEN_NOTIFICATION_USERNAME: E2E_ADYEN.username,
      ADYEN_NOTIFICATION_PASSWORD: E2E_ADYEN.password,
      // The companion app's store pages (issue 14 §1): e2e/tests/companion.spec.ts answers them itself.
      COMPANION_APP_STORE_URL: 'https://apps.apple.com/app/id6400000000',
      COMPANION_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.example.companion',
      // A private build (vite build --outDir …) so that parallel work on the portal cannot change it mid-run.
      ...(process.env.PORTAL_DIST ? { PORTAL_DIST: process.env.PORTAL_DIST } : {}),
      ...extra,
    },
  };
}

const httpsServer = apiServer(httpsPort, httpsBaseURL, {
  TLS_CERT_FILE: join(httpsCertificate, 'cert.pem'),
  TLS_KEY_FILE: join(httpsCertificate, 'key.pem'),
});

/**
 * Every suite starts with the cookie-consent choice already made ("necessary only", as the portal itself writes
 * it, issue 14 §2), so the dialog does not cover what the suites click; consent.spec.ts starts without it.
 */
export const CONSENT_NECESSARY_ONLY = {
  name: 'mp_consent',
  value: encodeURIComponent(
    JSON.stringify({
      categories: ['necessary'],
      revision: 1,
      data: null,
      consentTimestamp: '2026-01-01T00:00:00.000Z',
      consentId: '00000000-0000-4000-8000-000000000e2e',
      services: { necessary: [], analytics: [] },
      languageCode: 'en-GB',
      lastConsentTimestamp: '2026-01-01T00:00:00.000Z',
      expirationTime: 4102444800000,
    }),
  ),
  domain: '127.0.0.1',
  path: '/',
  expires: 4102444800,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
};

export default defineConfig({
  testDir: './tests',
  // One folder per stack port, so that runs side by side never share artifacts.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // One worker per stack (each project below is limited to one), plus none for the OpenID project, which waits
  // its turn: its single file is short.
  workers: STACKS,
  // One retry: a test that fails and then passes is reported as flaky (scripts/test.ts prints how many and
  // which), so an intermittent failure is seen without one stall of a loaded machine failing the whole run.
  // See docs/decisions/0004-e2e-one-retry-flaky-reported.md.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : 'list',
  use: {
    baseURL,
    storageState: { cookies: [CONSENT_NECESSARY_ONLY], origins: [] },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A trace is recorded for a test's retry only (a failure is retried once, above): recording one for every
    // test (screencast frames, a DOM snapshot per action) and discarding it when the test passed took ~40 % of the
    // suite's time (4 spec files: 235 → 136 s of tests, the same run otherwise). The first failure keeps its
    // screenshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    ...stacks.map((stack, index) => ({
      name: STACKS === 1 ? 'chromium' : `chromium-${index + 1}`,
      testMatch: stack.files.map((file) => `**/tests/${file}`),
      workers: 1,
      use: { baseURL: stack.url },
    })),
    { name: 'oidc', testMatch: SOCIAL_SUITES, workers: 1, use: { baseURL: oidcBaseURL } },
    {
      name: 'visual',
      testMatch: VISUAL_SUITES,
      workers: 1,
      // Baselines are per platform only (Chromium's text rendering differs between systems), not per project.
      snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}-{platform}{ext}',
      use: { baseURL: visualBaseURL },
    },
    {
      name: 'https',
      testMatch: HTTPS_SUITES,
      workers: 1,
      use: { baseURL: httpsBaseURL, ignoreHTTPSErrors: true },
    },
  ],
  webServer: [
    ...stacks.map((stack) => apiServer(stack.port, stack.url)),
    {
      command: 'node oidc/provider.ts',
      url: `${oidc.OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        OIDC_PROVIDER_PORT: String(oidcProviderPort),
        OIDC_CLIENT_ID: oidc.OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: oidc.OIDC_CLIENT_SECRET,
        OIDC_REDIRECT_URI: oidc.OIDC_REDIRECT_URI,
      },
    },
    apiServer(oidcPort, oidcBaseURL, oidc),
    apiServer(visualPort, visualBaseURL, { SEED_DEMO_NOW: VISUAL_NOW, CLOCK_START: VISUAL_NOW }),
    {
      ...httpsServer,
      // Its certificate is made as the stack starts.
      command: `node ../apps/api/scripts/self-signed-certificate.ts ${httpsCertificate} && ${httpsServer.command}`,
    },
  ],
});
