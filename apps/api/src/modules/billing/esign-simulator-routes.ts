import { DEFAULT_LOCALE, type Locale } from '@mp/domain/locales';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ratesLines } from './rates-document.ts';
import type { BillingService } from './service.ts';
import { acceptFormBodies, simulatorPage } from './simulator-routes.ts';

// The simulated e-signature provider's hosted page (issue 13 rates signing, adapters/esign/esign-port.ts):
// clearly a test provider; the envelope id in the link is its credential, as a vendor's signing link is.

const paramsSchema = z.object({ merchantId: z.uuid(), envelopeId: z.uuid() });
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Open = NonNullable<Awaited<ReturnType<BillingService['openEnvelope']>>>;

/** The page's words in the four interface languages: the signer's (the rates' lines are the rates document's). */
const TEXTS: Record<
  Locale,
  {
    banner: string;
    title: string;
    effectiveFrom: (date: string) => string;
    ratesLabel: string;
    name: string;
    agree: string;
    sign: string;
    goneTitle: string;
    gone: string;
    agreeMissing: string;
    nameMissing: string;
  }
> = {
  'en-GB': {
    banner:
      'Test provider: simulated e-signature. Signing here records your typed name, the time and your address.',
    title: 'Sign your rates',
    effectiveFrom: (date) => `Effective from ${date}.`,
    ratesLabel: 'Your rates',
    name: 'Your full name',
    agree: 'I have read these rates and agree to them',
    sign: 'Sign',
    goneTitle: 'Nothing to sign',
    gone: 'There is nothing to sign here: these rates are signed or replaced',
    agreeMissing: 'Please confirm that you agree to these rates.',
    nameMissing: 'Please type your full name (2 to 100 characters).',
  },
  'es-ES': {
    banner:
      'Proveedor de prueba: firma electrónica simulada. Al firmar aquí se registran el nombre que escribas, la hora y tu dirección IP.',
    title: 'Firma tus tarifas',
    effectiveFrom: (date) => `Vigentes desde el ${date}.`,
    ratesLabel: 'Tus tarifas',
    name: 'Tu nombre completo',
    agree: 'He leído estas tarifas y las acepto',
    sign: 'Firmar',
    goneTitle: 'Nada que firmar',
    gone: 'Aquí no hay nada que firmar: estas tarifas ya están firmadas o se han sustituido',
    agreeMissing: 'Confirma que aceptas estas tarifas.',
    nameMissing: 'Escribe tu nombre completo (de 2 a 100 caracteres).',
  },
  'fr-FR': {
    banner:
      'Prestataire de test : signature électronique simulée. Signer ici enregistre le nom saisi, l’heure et votre adresse IP.',
    title: 'Signez vos tarifs',
    effectiveFrom: (date) => `En vigueur à partir du ${date}.`,
    ratesLabel: 'Vos tarifs',
    name: 'Votre nom complet',
    agree: 'J’ai lu ces tarifs et je les accepte',
    sign: 'Signer',
    goneTitle: 'Rien à signer',
    gone: 'Il n’y a rien à signer ici : ces tarifs sont déjà signés ou ont été remplacés',
    agreeMissing: 'Veuillez confirmer que vous acceptez ces tarifs.',
    nameMissing: 'Veuillez saisir votre nom complet (2 à 100 caractères).',
  },
  'it-IT': {
    banner:
      'Fornitore di prova: firma elettronica simulata. Firmando qui vengono registrati il nome digitato, l’ora e il tuo indirizzo IP.',
    title: 'Firma le tue tariffe',
    effectiveFrom: (date) => `In vigore dal ${date}.`,
    ratesLabel: 'Le tue tariffe',
    name: 'Il tuo nome completo',
    agree: 'Ho letto queste tariffe e le accetto',
    sign: 'Firma',
    goneTitle: 'Niente da firmare',
    gone: 'Qui non c’è niente da firmare: queste tariffe sono già firmate o sono state sostituite',
    agreeMissing: 'Conferma di accettare queste tariffe.',
    nameMissing: 'Scrivi il tuo nome completo (da 2 a 100 caratteri).',
  },
};

function ratesTable({ rates, locale }: Open): string {
  const rows = ratesLines(rates, locale)
    .map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<table aria-label="${escapeHtml(TEXTS[locale].ratesLabel)}">${rows}</table>`;
}

function signingForm(merchantId: string, envelopeId: string, open: Open, error?: string): string {
  const l = TEXTS[open.locale];
  const effective = new Intl.DateTimeFormat(open.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${open.rates.effectiveFrom}T12:00:00Z`),
  );
  return `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.effectiveFrom(effective))}</p>${ratesTable(open)}
<form method="post" action="/api/esign-simulator/${merchantId}/${envelopeId}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p><label for="signerName" style="border:0;padding:0">${escapeHtml(l.name)}</label><input type="text" id="signerName" name="signerName" autocomplete="name" maxlength="100" required></p>
<label><input type="checkbox" name="agree" value="yes" required> ${escapeHtml(l.agree)}</label>
<button type="submit">${escapeHtml(l.sign)}</button></form>`;
}

const page = (open: Open, body: string) =>
  simulatorPage(
    escapeHtml(TEXTS[open.locale].title),
    body,
    escapeHtml(TEXTS[open.locale].banner),
    open.locale,
  );

export const esignSimulatorRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (
  app,
  { service },
) => {
  acceptFormBodies(app);
  // A spent or unknown envelope: no signer to ask, so the default language.
  const gone = (reply: FastifyReply) => {
    const l = TEXTS[DEFAULT_LOCALE];
    return reply
      .code(410)
      .send(simulatorPage(l.goneTitle, `<h1>${escapeHtml(l.gone)}</h1>`, escapeHtml(l.banner)));
  };

  app.get(
    '/esign-simulator/:merchantId/:envelopeId',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'esignSimulatorPage',
        tags: ['billing'],
        summary: 'The simulated e-signature provider’s signing page for a merchant’s rates (test provider)',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { merchantId, envelopeId } = request.params;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      const open = await service.openEnvelope(merchantId, envelopeId);
      if (!open) return gone(reply);
      return reply.send(page(open, signingForm(merchantId, envelopeId, open)));
    },
  );

  app.post(
    '/esign-simulator/:merchantId/:envelopeId',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'esignSimulatorSign',
        tags: ['billing'],
        summary: 'The simulated provider records the signature and returns to the portal',
        params: paramsSchema,
        body: z.object({ signerName: z.string().max(200).optional(), agree: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const { merchantId, envelopeId } = request.params;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const name = (request.body.signerName ?? '').trim().replace(/\s+/g, ' ');
      if (name.length < 2 || name.length > 100 || request.body.agree !== 'yes') {
        const open = await service.openEnvelope(merchantId, envelopeId);
        if (!open) return gone(reply);
        const l = TEXTS[open.locale];
        const error = request.body.agree !== 'yes' ? l.agreeMissing : l.nameMissing;
        return reply.code(400).send(page(open, signingForm(merchantId, envelopeId, open, error)));
      }
      const signed = await service.signEnvelope(merchantId, envelopeId, { name, ip: request.ip });
      if (!signed) return gone(reply);
      return reply.redirect('/billing/payment-methods?ratesSigned=1', 303);
    },
  );
};
