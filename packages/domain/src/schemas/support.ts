// Issue 14 §4: the help panel's contact form, which e-mails support through the mail port.
import { z } from 'zod';
import { objectInput, requiredText } from './common.ts';

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;

/** The subject and message as the help panel's form checks them before sending. */
export const supportMessageTextSchema = {
  subject: requiredText(SUPPORT_SUBJECT_MAX),
  message: requiredText(SUPPORT_MESSAGE_MAX, 'validation.required', { multiline: true }),
};

const optionalUuid = z.uuid({ error: 'validation.invalid' }).optional();

/**
 * A support message: a one-line subject, a multi-line message, and optionally the company (and one of its
 * sites) it is about. A site is only ever named with its company.
 */
export const supportMessageSchema = objectInput({
  ...supportMessageTextSchema,
  merchantId: optionalUuid,
  siteId: optionalUuid,
}).superRefine((value, context) => {
  if (value.siteId && !value.merchantId)
    context.addIssue({ code: 'custom', path: ['merchantId'], message: 'validation.required' });
});

export type SupportMessageInput = z.infer<typeof supportMessageSchema>;
