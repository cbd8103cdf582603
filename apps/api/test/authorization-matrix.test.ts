import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_PATH } from '../src/access/route-access.ts';
import { fixedClock } from '../src/clock.ts';
import { devices } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';

/**
 * Issue 5: every API route × every kind of caller, each cell the exact allow/deny. A route registered without
 * a row here fails the first test.
 *
 * - `allow`: let through: 2xx, or 400/409 from the input or the business rules (bodies are chosen invalid or
 *   harmless so the matrix changes little), or a 404 of the thing inside the merchant (e.g. "User not found").
 * - `unauth`: 401.
 * - `hidden`: 404 from the access check: the same answer as for a merchant that does not exist.
 * - `open`: a public route: anything but a server error, whoever calls.
 */
type Outcome = 'allow' | 'unauth' | 'hidden' | 'open';
const ACTORS = [
  'anonymous',
  'expired',
  'tampered',
  'staff',
  'ownerA',
  'managerA1',
  'managerA2',
  'ownerB',
] as const;
type Caller = (typeof ACTORS)[number];
type Row = Record<Caller, Outcome>;

const row = (outcomes: Partial<Row> & { default: Outcome }): Row =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcomes[actor] ?? outcomes.default])) as Row;
const unauthenticated = { anonymous: 'unauth', expired: 'unauth', tampered: 'unauth' } as const;

const PUBLIC = row({ default: 'open' });
const SIGNED_IN = row({ ...unauthenticated, default: 'allow' });
const STAFF_ONLY = row({ ...unauthenticated, staff: 'allow', default: 'hidden' });
/** CompanyOwner-only permissions of merchant A (User:*, Company:*). */
const OWNER_A = row({ ...unauthenticated, staff: 'allow', ownerA: 'allow', default: 'hidden' });
/** Any member of merchant A. */
const MEMBER_A = row({ ...unauthenticated, ownerB: 'hidden', default: 'allow' });

interface Request {
  url: string;
  payload?: unknown;
}
type Build = (w: AccessWorld) => Request;

const m = (w: AccessWorld, path = '') => `/api/v1/merchants/${w.merchantA}${path}`;

/** One row per route: the expectation and a request for it. */
/** Transaction:ListTransactions on site A1 (owner, staff, the manager of A1; not the manager of A2). */
const SITE_A1 = row({ ...unauthenticated, managerA2: 'hidden', ownerB: 'hidden', default: 'allow' });

const MATRIX: Record<string, { expect: Row; request: Build }> = {
  'POST /api/identity/sign-in': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in', payload: {} }),
  },
  'POST /api/identity/refresh': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/refresh', payload: {} }),
  },
  'POST /api/identity/sign-out': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-out', payload: {} }),
  },
  // Adyen's webhook: its own basic auth and HMAC (psp-notifications.test.ts); a bearer token changes nothing.
  'POST /api/psp/adyen/notifications': {
    expect: PUBLIC,
    request: () => ({ url: '/api/psp/adyen/notifications', payload: {} }),
  },
  'GET /api/identity/me': { expect: SIGNED_IN, request: () => ({ url: '/api/identity/me' }) },
  'PATCH /api/identity/me': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/me', payload: { preferences: { locale: 'en-GB' } } }),
  },
  'POST /api/identity/change-password': {
    expect: SIGNED_IN,
    request: () => ({
      url: '/api/identity/change-password',
      payload: { currentPassword: 'Not-the-password-1', newPassword: 'Another-pass-2026' },
    }),
  },
  'POST /api/identity/sign-in/second-factor': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in/second-factor', payload: {} }),
  },
  'GET /api/identity/factors': { expect: SIGNED_IN, request: () => ({ url: '/api/identity/factors' }) },
  'POST /api/identity/factors/totp': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/totp', payload: {} }),
  },
  'POST /api/identity/factors/totp/confirm': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/totp/confirm', payload: { code: 'x' } }),
  },
  'POST /api/identity/factors/verify-session': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/verify-session', payload: {} }),
  },
  // Issue 15: the caller's own sessions (another user's id is 404: identity-session-list.test.ts).
  'GET /api/identity/sessions': { expect: SIGNED_IN, request: () => ({ url: '/api/identity/sessions' }) },
  // The caller's own security activity: the query takes no id (identity-session-list.test.ts).
  'GET /api/identity/activity': { expect: SIGNED_IN, request: () => ({ url: '/api/identity/activity' }) },
  'POST /api/identity/sessions/end-others': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/sessions/end-others' }),
  },
  'DELETE /api/identity/sessions/:id': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/sessions/not-a-uuid' }),
  },
  'POST /api/identity/factors/totp/remove': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/totp/remove', payload: {} }),
  },
  // Issue 15: the caller's own passkeys (another user's id is 404: identity-passkeys tests); malformed ids and
  // bodies here, so the row reads who gets past the sign-in check.
  'GET /api/identity/factors/passkeys': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/passkeys' }),
  },
  'POST /api/identity/factors/passkeys/options': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/passkeys/options', payload: { unexpected: true } }),
  },
  'POST /api/identity/factors/passkeys': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/passkeys', payload: {} }),
  },
  'POST /api/identity/factors/passkeys/:passkeyId/remove': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/identity/factors/passkeys/not-a-passkey-id/remove', payload: {} }),
  },
  'POST /api/identity/sign-in/second-factor/passkey-options': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in/second-factor/passkey-options', payload: {} }),
  },
  'POST /api/identity/sign-in/second-factor/passkey': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in/second-factor/passkey', payload: {} }),
  },
  'POST /api/identity/sign-in/passkey-options': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in/passkey-options', payload: {} }),
  },
  'POST /api/identity/sign-in/passkey': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-in/passkey', payload: {} }),
  },
  'POST /api/identity/sign-up': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/sign-up', payload: {} }),
  },
  'POST /api/identity/confirm-sign-up': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/confirm-sign-up', payload: {} }),
  },
  'POST /api/identity/resend-code': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/resend-code', payload: {} }),
  },
  'POST /api/identity/new-password': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/new-password', payload: {} }),
  },
  'POST /api/identity/forgot-password': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/forgot-password', payload: {} }),
  },
  'POST /api/identity/confirm-forgot-password': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/confirm-forgot-password', payload: {} }),
  },
  'GET /api/identity/oidc': { expect: PUBLIC, request: () => ({ url: '/api/identity/oidc' }) },
  'GET /api/identity/oidc/authorize': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/oidc/authorize' }),
  },
  'GET /api/identity/oidc/callback': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/oidc/callback' }),
  },
  'POST /api/identity/oidc/exchange': {
    expect: PUBLIC,
    request: () => ({ url: '/api/identity/oidc/exchange', payload: {} }),
  },
  'GET /api/.well-known/jwks.json': {
    expect: PUBLIC,
    request: () => ({ url: '/api/.well-known/jwks.json' }),
  },
  // Development only (absent in production, tested by identity-mail.test.ts).
  'GET /api/dev/outbox': {
    expect: PUBLIC,
    request: () => ({ url: '/api/dev/outbox?to=nobody@example.com' }),
  },
  'GET /api/healthz': { expect: PUBLIC, request: () => ({ url: '/api/healthz' }) },
  'GET /api/readyz': { expect: PUBLIC, request: () => ({ url: '/api/readyz' }) },
  // CORS preflight (@fastify/cors): answered before any route, never with data.
  'OPTIONS *': { expect: PUBLIC, request: () => ({ url: '/api/merchants' }) },
  'GET /api/openapi.json': { expect: PUBLIC, request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/merchants': { expect: SIGNED_IN, request: () => ({ url: '/api/merchants' }) },
  'GET /api/v1/merchants/:id': { expect: MEMBER_A, request: (w) => ({ url: m(w) }) },
  'PUT /api/v1/merchants/:id': { expect: OWNER_A, request: (w) => ({ url: m(w), payload: {} }) },
  'GET /api/v1/merchants/staff-search': {
    expect: STAFF_ONLY,
    request: () => ({ url: '/api/v1/merchants/staff-search?name=matrix' }),
  },
  'GET /api/v1/staff/audit-log': { expect: STAFF_ONLY, request: () => ({ url: '/api/v1/staff/audit-log' }) },
  'GET /api/v1/staff/audit-log/people': {
    expect: STAFF_ONLY,
    request: () => ({ url: '/api/v1/staff/audit-log/people' }),
  },
  'GET /api/v1/merchants/:id/users': { expect: OWNER_A, request: (w) => ({ url: m(w, '/users') }) },
  'POST /api/v1/merchants/:id/users': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/users'), payload: {} }),
  },
  'GET /api/v1/merchants/:id/invitations': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/invitations') }),
  },
  'DELETE /api/v1/merchants/:id/invitations/:invitationId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/invitations/${randomUUID()}`) }),
  },
  // The invitee's own: anybody signed in, and an invitation that is not theirs is "Invitation not found".
  'GET /api/v1/invitations': { expect: SIGNED_IN, request: () => ({ url: '/api/v1/invitations' }) },
  // Customer chat (issue 14 §4): each signed-in user gets their own identity hash.
  'GET /api/v1/chat/identity': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/chat/identity?client=web' }),
  },
  // Staff decide capital requests (decision 0086): everybody else is refused as for another merchant.
  'POST /api/v1/merchants/:id/capital/requests/:requestId/decision': {
    expect: STAFF_ONLY,
    request: (w) => ({
      url: m(w, `/capital/requests/${randomUUID()}/decision`),
      payload: { decision: 'approve' },
    }),
  },
  // The help panel's contact form (issue 14 §4): any signed-in user writes (an empty body is a 400).
  'POST /api/v1/support/messages': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/support/messages', payload: {} }),
  },
  // Analytics and the consent record (issue 14 §2, §3): anyone may send (a token only adds the user id); the
  // counts are the staff's.
  'POST /api/analytics/events': {
    expect: PUBLIC,
    request: () => ({ url: '/api/analytics/events', payload: { visitorId: randomUUID(), events: [] } }),
  },
  'POST /api/consent/records': {
    expect: PUBLIC,
    request: () => ({ url: '/api/consent/records', payload: {} }),
  },
  'GET /api/analytics/route-counts': {
    expect: STAFF_ONLY,
    request: () => ({ url: '/api/analytics/route-counts' }),
  },
  'GET /api/analytics/client-config': {
    expect: PUBLIC,
    request: () => ({ url: '/api/analytics/client-config' }),
  },
  // Companion app (issue 14 §1): the hand-off settings are public; the capital offer is the owners' (and staff's).
  'GET /api/v1/companion/config': { expect: PUBLIC, request: () => ({ url: '/api/v1/companion/config' }) },
  'GET /api/v1/merchants/:id/capital/offer': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/capital/offer') }),
  },
  'POST /api/v1/merchants/:id/capital/requests': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/capital/requests'), payload: {} }),
  },
  'GET /api/v1/merchants/:id/capital/requests': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/capital/requests') }),
  },
  'POST /api/v1/invitations/:invitationId/accept': {
    expect: SIGNED_IN,
    request: () => ({ url: `/api/v1/invitations/${randomUUID()}/accept` }),
  },
  'POST /api/v1/invitations/:invitationId/decline': {
    expect: SIGNED_IN,
    request: () => ({ url: `/api/v1/invitations/${randomUUID()}/decline` }),
  },
  'GET /api/v1/merchants/:id/users/:userId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${w.users.managerA1.id}`) }),
  },
  'POST /api/v1/merchants/:id/users/:userId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${w.users.managerA1.id}`), payload: {} }),
  },
  'POST /api/v1/merchants/:id/users/:userId/reset-password': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${randomUUID()}/reset-password`), payload: {} }),
  },
  'DELETE /api/v1/merchants/:id/users/:userId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/users/${randomUUID()}`) }),
  },
  'GET /api/v1/merchants/:id/override': { expect: STAFF_ONLY, request: (w) => ({ url: m(w, '/override') }) },
  'POST /api/v1/merchants/:id/override': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/override'), payload: {} }),
  },
  'DELETE /api/v1/merchants/:id/override': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/override') }),
  },
  'POST /api/v1/merchants/:id/transfer': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/transfer'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/churn': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/churn'), payload: { delayDays: -1 } }),
  },
  'POST /api/v1/merchants/:id/block': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/block'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/unblock': { expect: STAFF_ONLY, request: (w) => ({ url: m(w, '/unblock') }) },
  // Decision 0137: staff record the verification outcome; an empty body is a harmless 400 (merchant A is verified).
  'POST /api/v1/merchants/:id/kyc-decision': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/kyc-decision'), payload: {} }),
  },
  'GET /api/v1/merchants/:id/rates': { expect: OWNER_A, request: (w) => ({ url: m(w, '/rates') }) },
  'PUT /api/v1/merchants/:id/rates': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/rates'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/rates/associate': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/rates/associate') }),
  },
  // Deals (decision 0079): staff's; merchants' users get 404. Reading one's pricing needs only a session.
  'GET /api/v1/staff/deals': { expect: STAFF_ONLY, request: () => ({ url: '/api/v1/staff/deals' }) },
  'POST /api/v1/staff/deals': {
    expect: STAFF_ONLY,
    request: () => ({ url: '/api/v1/staff/deals', payload: {} }),
  },
  'PUT /api/v1/staff/deals/:reference': {
    expect: STAFF_ONLY,
    request: () => ({ url: '/api/v1/staff/deals/DL-ZZZZZ', payload: {} }),
  },
  'GET /api/v1/deals/:reference': { expect: SIGNED_IN, request: () => ({ url: '/api/v1/deals/DL-ZZZZZ' }) },
  'PUT /api/v1/merchants/:id/two-factor-requirement': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/two-factor-requirement'), payload: {} }),
  },
  'POST /api/v1/merchants/:id/deactivate': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/deactivate') }),
  },
  // Without siteId every member with the permission on some site passes (sums narrowed to their sites, see
  // transactions-totals.test.ts); with site A1's id the manager of A2 is turned away.
  // Issue 11 §2 (transactions-list.test.ts): with site A1's id the manager of A2 is turned away; without a
  // siteId every member who lists transactions anywhere gets their own sites' rows.
  'GET /api/v1/merchants/:id/transactions': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/transactions?siteId=${w.siteA1}`) }),
  },
  'POST /api/v1/merchants/:id/transactions/psp': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, '/transactions/psp'), payload: { pspReferences: ['NOTHINGHERE'] } }),
  },
  // A transaction id that is not there: members get the module's 404 "Transaction not found" (allow).
  'GET /api/v1/merchants/:id/transactions/:transactionId': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/transactions/${randomUUID()}`) }),
  },
  // Issue 11 §2 live updates: a malformed lastEventId makes the allowed callers' answer a 400 instead of an
  // endless stream (transactions-live.test.ts reads the streams themselves).
  'GET /api/v1/merchants/:id/transactions/events': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/transactions/events?siteId=${w.siteA1}&lastEventId=x`) }),
  },
  // Issue 11 §3 (transactions-refunds.test.ts): any member with Transaction:RefundTransaction somewhere passes the
  // route check; an unknown transaction answers the module's 404 (allow). Site scope is proven there.
  'POST /api/v1/merchants/:id/transactions/:transactionId/refunds': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/transactions/${randomUUID()}/refunds`), payload: { amount: 100 } }),
  },
  // Issue 11 §3 (transactions-receipts.test.ts): any member with Transaction:ListTransactions somewhere passes the
  // route check; an unknown transaction answers the module's 404 (allow). Site scope is proven there.
  'POST /api/v1/merchants/:id/transactions/:transactionId/receipts': {
    expect: MEMBER_A,
    request: (w) => ({
      url: m(w, `/transactions/${randomUUID()}/receipts`),
      payload: { email: 'matrix@example.com' },
    }),
  },
  'GET /api/v1/merchants/:id/transactions/totals': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/transactions/totals?siteId=${w.siteA1}`) }),
  },
  'GET /api/v1/merchants/:id/transactions/dashboard': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/transactions/dashboard?siteId=${w.siteA1}`) }),
  },
  // Payouts (issue 12): with site A1's id the manager of A2 is turned away; one payout answers "Payout not
  // found" to every member (a payout of another site or none at all; payouts.test.ts covers real ones).
  'GET /api/merchants/:id/payouts': {
    expect: SITE_A1,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/payouts?siteId=${w.siteA1}` }),
  },
  'GET /api/v1/merchants/:id/payouts/:payoutId': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/payouts/${randomUUID()}`) }),
  },
  'GET /api/v1/merchants/:id/payouts/:payoutId/entries': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/payouts/${randomUUID()}/entries`) }),
  },
  // Reports (issue 12 §3): with site A1's id the manager of A2 is turned away (the body is invalid, so nothing
  // is made); a report that is not there answers "Report not found" to every member (reports.test.ts covers
  // real ones), a payout that is not there "Payout not found".
  'GET /api/v1/merchants/:id/reports': { expect: MEMBER_A, request: (w) => ({ url: m(w, '/reports') }) },
  'POST /api/v1/merchants/:id/reports': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, '/reports'), payload: { siteId: w.siteA1, dataType: 'nothing' } }),
  },
  'GET /api/v1/merchants/:id/reports/:reportId/download': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/reports/${randomUUID()}/download`) }),
  },
  'POST /api/v1/merchants/:id/payouts/:payoutId/report': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/payouts/${randomUUID()}/report`) }),
  },
  // End-of-day reports (issue 12 §4): with site A1's id the manager of A2 is turned away (the POST body's day is
  // invalid, so nothing is made); a report that is not there answers "End-of-day report not found" to every
  // member (eod-reports.test.ts covers real ones and a manager reaching another site's).
  'GET /api/v1/merchants/:id/eod-reports': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/eod-reports?siteId=${w.siteA1}`) }),
  },
  'POST /api/v1/merchants/:id/eod-reports': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, '/eod-reports'), payload: { siteId: w.siteA1, tradingDay: 'nope' } }),
  },
  'GET /api/v1/merchants/:id/eod-reports/:eodReportId': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/eod-reports/${randomUUID()}`) }),
  },
  'GET /api/v1/merchants/:id/eod-reports/:eodReportId/download': {
    expect: MEMBER_A,
    request: (w) => ({ url: m(w, `/eod-reports/${randomUUID()}/download?format=pdf`) }),
  },
  // The local file store's signed URLs: the signature is the credential (reports.test.ts).
  'GET /api/files': {
    expect: PUBLIC,
    request: () => ({ url: '/api/files?key=a&expires=0&filename=a&contentType=text%2Fcsv&signature=x' }),
  },
  'GET /api/v1/merchants/:id/audit-log': { expect: OWNER_A, request: (w) => ({ url: m(w, '/audit-log') }) },
  'GET /api/merchants/:id/sites': {
    expect: MEMBER_A,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites` }),
  },
  // Billing (issue 13): company-scoped Billing:* permissions, i.e. owners and staff.
  'GET /api/v1/merchants/:id/billing-settings': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/billing-settings') }),
  },
  'PUT /api/v1/merchants/:id/billing-settings/payment-methods/:pmId/default': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/billing-settings/payment-methods/${randomUUID()}/default`) }),
  },
  'DELETE /api/v1/merchants/:id/billing-settings/payment-methods/:pmId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/billing-settings/payment-methods/${randomUUID()}`) }),
  },
  'PUT /api/v1/merchants/:id/billing-settings/billing-email': {
    expect: OWNER_A,
    request: (w) => ({
      url: m(w, '/billing-settings/billing-email'),
      payload: { billingEmail: 'not-an-email' },
    }),
  },
  'POST /api/v1/merchants/:id/billing/session': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, '/billing/session') }),
  },
  'GET /api/v1/merchants/:id/billing/session/:sessionId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/billing/session/${randomUUID()}`) }),
  },
  'GET /api/v1/merchants/:id/invoices': { expect: OWNER_A, request: (w) => ({ url: m(w, '/invoices') }) },
  'GET /api/v1/merchants/:id/invoices/:invoiceId': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/invoices/${randomUUID()}`) }),
  },
  'GET /api/v1/merchants/:id/invoices/:invoiceId/pdf': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/invoices/${randomUUID()}/pdf`) }),
  },
  // Staff raise one-off invoices (decision 0091); the empty body is a 400 for staff, 404 for everyone else.
  'POST /api/v1/merchants/:id/invoices/one-off': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: m(w, '/invoices/one-off'), payload: {} }),
  },
  'GET /api/v1/merchants/:id/invoices/:invoiceId/site-breakdown': {
    expect: OWNER_A,
    request: (w) => ({ url: m(w, `/invoices/${randomUUID()}/site-breakdown`) }),
  },
  // The simulated billing provider's hosted page: the session token is its credential.
  'GET /api/billing-simulator/:merchantId/:token': {
    expect: PUBLIC,
    request: (w) => ({ url: `/api/billing-simulator/${w.merchantA}/${'a'.repeat(43)}` }),
  },
  'POST /api/billing-simulator/:merchantId/:token': {
    expect: PUBLIC,
    request: (w) => ({
      url: `/api/billing-simulator/${w.merchantA}/${'a'.repeat(43)}`,
      payload: { instrument: 'visa-4242' },
    }),
  },
  // Stripe's webhook: the signature is its credential (404 here: Stripe is not configured).
  'POST /api/webhooks/stripe': {
    expect: PUBLIC,
    request: () => ({ url: '/api/webhooks/stripe', payload: { type: 'setup_intent.succeeded' } }),
  },
  // The simulated e-signature provider's signing page: the envelope id is its credential.
  'GET /api/esign-simulator/:merchantId/:envelopeId': {
    expect: PUBLIC,
    request: (w) => ({ url: `/api/esign-simulator/${w.merchantA}/${randomUUID()}` }),
  },
  'POST /api/esign-simulator/:merchantId/:envelopeId': {
    expect: PUBLIC,
    request: (w) => ({
      url: `/api/esign-simulator/${w.merchantA}/${randomUUID()}`,
      payload: { signerName: '' },
    }),
  },
  // DocuSign (decision 0090): Connect's HMAC signature and the envelope id in the links are their credentials
  // (404 here: DocuSign is not configured).
  'POST /api/esign/docusign/events': {
    expect: PUBLIC,
    request: () => ({ url: '/api/esign/docusign/events', payload: { event: 'envelope-completed' } }),
  },
  'GET /api/esign/docusign/sign/:merchantId/:envelopeId': {
    expect: PUBLIC,
    request: (w) => ({ url: `/api/esign/docusign/sign/${w.merchantA}/${randomUUID()}` }),
  },
  'GET /api/esign/docusign/return/:merchantId/:envelopeId': {
    expect: PUBLIC,
    request: (w) => ({ url: `/api/esign/docusign/return/${w.merchantA}/${randomUUID()}` }),
  },
  // Onboarding (issue 13): any signed-in user may apply; bodies are invalid or harmless.
  'GET /api/industries': { expect: SIGNED_IN, request: () => ({ url: '/api/industries' }) },
  'POST /api/v1/industries/:code/validate': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/industries/5812/validate', payload: { legalEntityName: 'Matrix Ltd' } }),
  },
  'GET /api/v1/onboarding/applications/current': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/onboarding/applications/current' }),
  },
  'POST /api/v1/onboarding/applications': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/onboarding/applications', payload: { dealReference: '!' } }),
  },
  'POST /api/v1/onboarding/applications/resume': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/onboarding/applications/resume', payload: { shortcode: '12' } }),
  },
  'PUT /api/v1/onboarding/applications/:applicationId/steps/:step': {
    expect: SIGNED_IN,
    request: () => ({
      url: `/api/v1/onboarding/applications/${randomUUID()}/steps/company`,
      payload: { data: {} },
    }),
  },
  'POST /api/v1/customer-accounts': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/v1/customer-accounts', payload: {} }),
  },
  'POST /api/merchants/:id/verification-links': {
    expect: OWNER_A,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/verification-links` }),
  },
  // The simulated KYC provider's hosted page: the link's token is its credential.
  'GET /api/kyc-simulator/:merchantId/:token': {
    expect: PUBLIC,
    request: (w) => ({ url: `/api/kyc-simulator/${w.merchantA}/${'a'.repeat(43)}` }),
  },
  'POST /api/kyc-simulator/:merchantId/:token': {
    expect: PUBLIC,
    request: (w) => ({
      url: `/api/kyc-simulator/${w.merchantA}/${'a'.repeat(43)}`,
      payload: { outcome: 'verified' },
    }),
  },
  // Issue 10. Site:CreateSite is company-wide (owner, staff); Site:GetSite/UpdateSite are site-scoped (the
  // manager of A1 on A1, not A2). Bodies are invalid so nothing is written.
  'POST /api/merchants/:id/sites': {
    expect: OWNER_A,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites`, payload: { name: 'Bad/Name' } }),
  },
  'GET /api/merchants/:id/sites/:siteId': {
    expect: SITE_A1,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}` }),
  },
  'PUT /api/merchants/:id/sites/:siteId': {
    expect: SITE_A1,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}`, payload: { site: {} } }),
  },
  'DELETE /api/merchants/:id/sites/:siteId': {
    expect: SITE_A1,
    // Site A1 has a device (beforeAll), so every allowed caller gets 409 and the site stays.
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}` }),
  },
  'POST /api/merchants/:id/sites/:siteId/passcodes/reveal': {
    expect: SITE_A1,
    request: (w) => ({
      url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}/passcodes/reveal`,
      payload: {},
    }),
  },
  'GET /api/merchants/:id/sites/:siteId/internal': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}/internal` }),
  },
  'PUT /api/merchants/:id/sites/:siteId/internal': {
    expect: STAFF_ONLY,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}/internal`, payload: {} }),
  },
  'POST /api/merchants/:id/sites/:siteId/internal/integrations/:kind/rotate': {
    expect: STAFF_ONLY,
    request: (w) => ({
      url: `/api/merchants/${w.merchantA}/sites/${w.siteA1}/internal/integrations/other/rotate`,
      payload: {},
    }),
  }, // Devices (issue 10). Device:ListDevices/AssignDevice are site-scoped (managers on their site);
  // Device:OrderDevice is company-wide. Bodies are invalid so nothing is written.
  'GET /api/merchants/:id/devices': {
    expect: SITE_A1,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/devices?siteId=${w.siteA1}` }),
  },
  'GET /api/v1/merchants/:id/sites/:siteId/devices/:deviceId': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/sites/${w.siteA1}/devices/${randomUUID()}`) }),
  },
  'PATCH /api/v1/merchants/:id/sites/:siteId/devices/:deviceId': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/sites/${w.siteA1}/devices/${randomUUID()}`), payload: { label: '' } }),
  },
  'GET /api/merchants/:id/devices/order-options': {
    expect: OWNER_A,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/devices/order-options` }),
  },
  'POST /api/merchants/:id/devices': {
    expect: OWNER_A,
    request: (w) => ({ url: `/api/merchants/${w.merchantA}/devices`, payload: { termsAgreed: false } }),
  },
  'POST /api/v1/merchants/:id/sites/:siteId/assign-device': {
    expect: SITE_A1,
    request: (w) => ({ url: m(w, `/sites/${w.siteA1}/assign-device`), payload: { otp: '' } }),
  },
  // The terminal simulator (dev only, like the outbox): shows codes of terminals that belong to no merchant.
  'POST /api/dev/terminal-codes': { expect: PUBLIC, request: () => ({ url: '/api/dev/terminal-codes' }) },
};

const DENIAL_MESSAGES = new Set(['Merchant not found', 'Not found']);

describe('authorization matrix: every route × every caller', () => {
  let t: TestApp;
  let w: AccessWorld;
  const headers = {} as Record<Caller, Record<string, string>>;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Matrix');
    await t.app.db
      .insert(devices)
      .values({ merchantId: w.merchantA, siteId: w.siteA1, serial: 'MATRIX-A1-1', model: 'with-printer' });
    // A token that expired an hour ago: issued two hours back, then the clock returns to now.
    clock.advance(-2 * 3_600_000);
    const expired = await signIn(t.app, w.users.ownerA.email, PASSWORD);
    clock.advance(2 * 3_600_000);
    // A tampered token: ownerA's, with the claims rewritten to say Staff; the signature no longer matches.
    const [head, body, signature] = w.tokens.ownerA.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['Staff'] })).toString('base64url');
    headers.anonymous = {};
    headers.expired = { authorization: `Bearer ${expired}` };
    headers.tampered = { authorization: `Bearer ${head}.${forged}.${signature}` };
    for (const actor of ['staff', 'ownerA', 'managerA1', 'managerA2', 'ownerB'] as const) {
      headers[actor] = w.headers(actor);
    }
  });
  afterAll(() => t.close());

  it('has a row for every registered route, and no row for a route that is gone', () => {
    const registered = t.app.routeCatalog.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('has a declared merchant access check on every /api/merchants/:id and /api/v1/merchants/:id route', () => {
    const undeclared = t.app.routeCatalog
      .filter((route) => MERCHANT_PATH.test(route.url) && route.access?.kind !== 'merchant')
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  for (const [route, { expect: expected }] of Object.entries(MATRIX)) {
    it(`${route}: ${ACTORS.map((actor) => `${actor}=${expected[actor]}`).join(' ')}`, async () => {
      const [method = 'GET'] = route.split(' ');
      const cells: string[] = [];
      for (const actor of ACTORS) {
        const request = MATRIX[route]?.request(w) as Request;
        const res = await t.app.inject({
          method: method as 'GET',
          url: request.url,
          headers: { ...headers[actor], 'x-forwarded-for': `10.0.${ACTORS.indexOf(actor)}.1` },
          ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        });
        const body = res.headers['content-type']?.includes('json') ? res.json() : {};
        const denied404 = res.statusCode === 404 && DENIAL_MESSAGES.has(body?.error?.message);
        const outcome: Outcome | 'server-error' | 'other' =
          res.statusCode >= 500
            ? 'server-error'
            : expected[actor] === 'open'
              ? 'open'
              : res.statusCode === 401
                ? 'unauth'
                : denied404
                  ? 'hidden'
                  : res.statusCode === 403
                    ? 'other'
                    : 'allow';
        if (outcome !== expected[actor])
          cells.push(
            `${actor}: expected ${expected[actor]}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      expect(cells).toEqual([]);
    });
  }
});
