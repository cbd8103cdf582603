import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { industrySchema } from '../src/schemas/company.ts';
import { siteInputSchema } from '../src/schemas/site.ts';
import { issueMessage, toValidationDetails } from '../src/validation.ts';

function errorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('toValidationDetails (DESIGN §4 400 details)', () => {
  it('gives the dotted field, the message key as rule and the en-GB text as message', () => {
    const error = errorOf(siteInputSchema, {
      name: 'Main',
      address: { line1: 'x', city: 'y', postalCode: 'sw1', country: 'G' },
    });
    expect(toValidationDetails(error)).toEqual([
      { field: 'address.country', rule: 'validation.countryInvalid', message: 'Please select a country' },
    ]);
  });

  it('gives the text in another locale on request', () => {
    const error = errorOf(siteInputSchema, { name: 'Main!', address: {} });
    expect(toValidationDetails(error, 'es-ES')[0]).toEqual({
      field: 'name',
      rule: 'validation.siteNameInvalid',
      message:
        'El nombre del establecimiento solo puede contener letras, números, espacios, guiones y guiones bajos.',
    });
  });

  it('fills issue params into the text', () => {
    const [issue] = errorOf(industrySchema(['Gambling']), 'Gambling').issues;
    expect(issue && issueMessage(issue, 'fr-FR')).toBe(
      "Nous ne prenons pas en charge Gambling pour le moment. Veuillez contacter l'assistance pour plus d'informations.",
    );
  });

  it('maps plain zod issues (schemas written elsewhere) to generic keys', () => {
    const schema = z.object({ id: z.string(), note: z.string().max(3), count: z.number() });
    expect(toValidationDetails(errorOf(schema, { note: 'toolong', count: 'x' }))).toEqual([
      { field: 'id', rule: 'validation.required', message: 'Required' },
      { field: 'note', rule: 'validation.tooLong', message: 'Must be 3 characters or fewer' },
      { field: 'count', rule: 'validation.invalid', message: 'Invalid value' },
    ]);
  });

  it('names the whole body with an empty field', () => {
    expect(toValidationDetails(errorOf(siteInputSchema, 'nope'))).toEqual([
      { field: '', rule: 'validation.invalid', message: 'Invalid value' },
    ]);
  });
});
