import { type CreateReportInput, createReportSchema } from '@mp/domain/schemas/report';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the request form holds, as typed; an empty site means every site the user holds. */
export interface ReportFormValues {
  dataType: 'transactions' | 'payouts';
  siteId: string;
  by: 'dates' | 'references';
  from: string;
  to: string;
  pspReferences: string;
}

export const EMPTY_REPORT_FORM: ReportFormValues = {
  dataType: 'transactions',
  siteId: '',
  by: 'dates',
  from: '',
  to: '',
  pspReferences: '',
};

/** The API body: dates or PSP references (one a line or comma separated), never both. */
export function toReportInput(values: ReportFormValues): CreateReportInput {
  const byReferences = values.dataType === 'transactions' && values.by === 'references';
  const references = values.pspReferences
    .split(/[\s,]+/)
    .map((reference) => reference.trim())
    .filter(Boolean);
  return {
    dataType: values.dataType,
    ...(values.siteId ? { siteId: values.siteId } : {}),
    ...(byReferences
      ? { pspReferences: references }
      : {
          ...(values.from ? { from: values.from } : {}),
          ...(values.to ? { to: values.to } : {}),
        }),
  };
}

const FIELDS = new Set<keyof ReportFormValues>(['dataType', 'siteId', 'from', 'to', 'pspReferences']);

/** A form field for an API or schema path (`pspReferences.0` → `pspReferences`). */
export function reportFieldOf(path: string): keyof ReportFormValues | undefined {
  const first = path.split('.')[0] as keyof ReportFormValues;
  return FIELDS.has(first) ? first : undefined;
}

/** Validates with the domain's report schema, the one the API applies (SPEC §5 ranges, dates or references). */
export const reportFormResolver: Resolver<ReportFormValues> = async (values) => {
  const result = createReportSchema.safeParse(toReportInput(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<ReportFormValues> = {};
  for (const issue of result.error.issues) {
    const field = reportFieldOf(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
