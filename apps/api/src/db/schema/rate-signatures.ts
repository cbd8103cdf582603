import { check, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchantIdColumn, oneOf, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

/** `void`: superseded by a newer rates version before it was signed (and voided at the vendor). */
export const RATE_SIGNATURE_STATUSES = ['sent', 'signed', 'void'] as const;

/**
 * An e-signature envelope for one version of a merchant's rates (issue 13 rates signing): sent when the rates
 * need signing, signed on the e-signature provider's page with the signer's typed name, time and address.
 * With a vendor (DocuSign, decision 0090) `providerEnvelopeId` is the vendor's envelope, null until it is sent.
 */
export const rateSignatures = pgTable(
  'rate_signatures',
  {
    merchantId: merchantIdColumn().references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    ratesId: uuid('rates_id').notNull(),
    provider: text('provider').notNull(),
    providerEnvelopeId: text('provider_envelope_id'),
    status: text('status').notNull().default('sent'),
    signerName: text('signer_name'),
    signerIp: text('signer_ip'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'rate_signatures_pk', columns: [t.merchantId, t.id] }),
    uniqueIndex('rate_signatures_rates_unique').on(t.merchantId, t.ratesId),
    check('rate_signatures_status_check', oneOf(t.status, RATE_SIGNATURE_STATUSES)),
  ],
);
