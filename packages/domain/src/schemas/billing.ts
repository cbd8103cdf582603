// Billing inputs (issue 13): the billing e-mail, checked the same in the portal form and the API body.
import { emailSchema } from './auth.ts';
import { objectInput } from './common.ts';

/** PUT …/billing-settings/billing-email: where invoices are sent; required, valid, lowercased. */
export const billingEmailSchema = objectInput({ billingEmail: emailSchema });
