import { KYC_OUTCOMES } from '@mp/domain/schemas/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OnboardingService } from './service.ts';

// The embedded default of the KYC provider (DESIGN §1): a hosted verification page, clearly marked as a test
// provider, that checks nothing and lets the tester pick the outcome. The link's token is its credential.

const paramsSchema = z.object({ merchantId: z.uuid(), token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1c1c28}
.banner{background:#b45309;color:#fff;padding:12px 16px;font-weight:600}
main{max-width:560px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 3px #0002}
ul{padding-left:20px}button{display:block;width:100%;margin:8px 0;padding:12px;font-size:16px;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}
button.primary{background:#15803d;color:#fff;border-color:#15803d}
@media (prefers-color-scheme:dark){body{background:#17171c;color:#eee}.card{background:#24242c}button{background:#2c2c36;color:#eee}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="note">Test provider: simulated identity verification. No real checks are made.</div><main><div class="card">${body}</div></main></body></html>`;
}

export const kycSimulatorRoutes: FastifyPluginAsyncZod<{ service: OnboardingService }> = async (
  app,
  { service },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    '/kyc-simulator/:merchantId/:token',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'kycSimulatorPage',
        tags: ['onboarding'],
        summary: 'The simulated hosted verification page (test provider)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { merchantId, token } = request.params;
      const session = await service.kycSession(merchantId, token);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      if (!session) {
        return reply
          .code(410)
          .send(
            page(
              'Link expired',
              '<h1>This verification link has expired or was already used</h1><p>Go back to the portal to get a new one.</p>',
            ),
          );
      }
      const action = `/api/kyc-simulator/${merchantId}/${token}`;
      const button = (outcome: string, label: string, primary = false) =>
        `<button type="submit" name="outcome" value="${outcome}"${primary ? ' class="primary"' : ''}>${label}</button>`;
      return reply.send(
        page(
          'Verify your business',
          `<h1>Verify your business</h1><p>A real provider would now check:</p><ul><li>the identity of the company's owners and directors</li><li>the company's registration and VAT numbers</li></ul><form method="post" action="${escapeHtml(action)}"><p>Choose the outcome of the checks:</p>${button('verified', 'Verified', true)}${button('needs-more-information', 'Needs more information')}${button('rejected', 'Rejected')}</form>`,
        ),
      );
    },
  );

  app.post(
    '/kyc-simulator/:merchantId/:token',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'kycSimulatorComplete',
        tags: ['onboarding'],
        summary: 'The simulated provider decides; the browser returns to the portal',
        params: paramsSchema,
        body: z.object({ outcome: z.enum(KYC_OUTCOMES) }),
      },
    },
    async (request, reply) => {
      const { merchantId, token } = request.params;
      const done = await service.completeKyc(merchantId, token, request.body.outcome);
      const result = done ? request.body.outcome : 'expired';
      return reply.redirect(`/onboarding/wizard?verification=${result}`, 303);
    },
  );
};
