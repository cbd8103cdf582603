// SPEC §5: device rental terms must be agreed before ordering.
import { z } from 'zod';
import { objectInput } from './common.ts';

export const deviceRentalTermsSchema = z.literal(true, { error: 'validation.termsNotAgreed' });

/** The agreement part of a device order form (the order payload's other fields are not in SPEC). */
export const deviceOrderAgreementSchema = objectInput({ termsAgreed: deviceRentalTermsSchema });
