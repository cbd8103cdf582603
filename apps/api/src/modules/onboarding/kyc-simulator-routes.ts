import { DEFAULT_LOCALE, type Locale } from '@mp/domain/locales';
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

/** The page's words in the four interface languages: the applicant's (the one who asked for the link). */
interface KycPageTexts {
  banner: string;
  expiredTitle: string;
  expiredHeading: string;
  expiredBody: string;
  title: string;
  intro: string;
  checks: [string, string];
  choose: string;
  outcomes: Record<(typeof KYC_OUTCOMES)[number], string>;
}

const TEXTS: Record<Locale, KycPageTexts> = {
  'en-GB': {
    banner: 'Test provider: simulated identity verification. No real checks are made.',
    expiredTitle: 'Link expired',
    expiredHeading: 'This verification link has expired or was already used',
    expiredBody: 'Go back to the portal to get a new one.',
    title: 'Verify your business',
    intro: 'A real provider would now check:',
    checks: [
      "the identity of the company's owners and directors",
      "the company's registration and VAT numbers",
    ],
    choose: 'Choose the outcome of the checks:',
    outcomes: {
      verified: 'Verified',
      'needs-more-information': 'Needs more information',
      rejected: 'Rejected',
    },
  },
  'es-ES': {
    banner:
      'Proveedor de prueba: verificación de identidad simulada. No se realiza ninguna comprobación real.',
    expiredTitle: 'Enlace caducado',
    expiredHeading: 'Este enlace de verificación ha caducado o ya se ha utilizado',
    expiredBody: 'Vuelve al portal para obtener uno nuevo.',
    title: 'Verifica tu empresa',
    intro: 'Un proveedor real comprobaría ahora:',
    checks: [
      'la identidad de los propietarios y administradores de la empresa',
      'los números de registro y de IVA de la empresa',
    ],
    choose: 'Elige el resultado de las comprobaciones:',
    outcomes: {
      verified: 'Verificada',
      'needs-more-information': 'Necesita más información',
      rejected: 'Rechazada',
    },
  },
  'fr-FR': {
    banner: "Prestataire de test : vérification d'identité simulée. Aucun contrôle réel n'est effectué.",
    expiredTitle: 'Lien expiré',
    expiredHeading: 'Ce lien de vérification a expiré ou a déjà été utilisé',
    expiredBody: 'Retournez sur le portail pour en obtenir un nouveau.',
    title: 'Vérifiez votre entreprise',
    intro: 'Un vrai prestataire vérifierait maintenant :',
    checks: [
      "l'identité des propriétaires et des dirigeants de l'entreprise",
      "les numéros d'immatriculation et de TVA de l'entreprise",
    ],
    choose: 'Choisissez le résultat des contrôles :',
    outcomes: {
      verified: 'Vérifiée',
      'needs-more-information': 'Informations complémentaires requises',
      rejected: 'Refusée',
    },
  },
  'it-IT': {
    banner:
      "Fornitore di prova: verifica dell'identità simulata. Non viene effettuato alcun controllo reale.",
    expiredTitle: 'Link scaduto',
    expiredHeading: 'Questo link di verifica è scaduto o è già stato usato',
    expiredBody: 'Torna al portale per riceverne uno nuovo.',
    title: 'Verifica la tua azienda',
    intro: 'Un fornitore reale ora verificherebbe:',
    checks: [
      "l'identità dei titolari e degli amministratori dell'azienda",
      "i numeri di registrazione e di partita IVA dell'azienda",
    ],
    choose: "Scegli l'esito dei controlli:",
    outcomes: {
      verified: 'Verificata',
      'needs-more-information': 'Servono altre informazioni',
      rejected: 'Respinta',
    },
  },
};

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="note">${escapeHtml(TEXTS[locale].banner)}</div><main><div class="card">${body}</div></main></body></html>`;
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
      const locale = session?.locale ?? DEFAULT_LOCALE;
      const l = TEXTS[locale];
      if (!session?.usable) {
        return reply
          .code(410)
          .send(
            page(
              locale,
              l.expiredTitle,
              `<h1>${escapeHtml(l.expiredHeading)}</h1><p>${escapeHtml(l.expiredBody)}</p>`,
            ),
          );
      }
      const action = `/api/kyc-simulator/${merchantId}/${token}`;
      const button = (outcome: (typeof KYC_OUTCOMES)[number], primary = false) =>
        `<button type="submit" name="outcome" value="${outcome}"${primary ? ' class="primary"' : ''}>${escapeHtml(l.outcomes[outcome])}</button>`;
      const checks = l.checks.map((check) => `<li>${escapeHtml(check)}</li>`).join('');
      return reply.send(
        page(
          locale,
          l.title,
          `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.intro)}</p><ul>${checks}</ul><form method="post" action="${escapeHtml(action)}"><p>${escapeHtml(l.choose)}</p>${button('verified', true)}${button('needs-more-information')}${button('rejected')}</form>`,
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
