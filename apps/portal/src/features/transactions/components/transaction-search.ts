import { addMonths, parseIsoDate } from '@mp/domain/calendar';
import { TRANSACTION_DATE_RANGE_MAX_MONTHS } from '@mp/domain/constants';
import type { TransactionFilters } from '../api/list-transactions.ts';

/** What the filter bar holds (URL query values, as typed). */
export interface SearchInput {
  from?: string | undefined;
  to?: string | undefined;
  psp?: string | undefined;
  siteId?: string | undefined;
  status?: string | undefined;
  source?: string | undefined;
  card?: string | undefined;
}

export type TransactionSearch =
  | { kind: 'list'; filters: TransactionFilters }
  | { kind: 'psp'; pspReferences: string[] }
  | { kind: 'invalid'; messageKey: string };

/** SPEC §9: the filter's dates are shown and typed as yyyy.MM.dd; the API takes YYYY-MM-DD. */
export function isoFromFilterDate(value: string): string | undefined {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  return parseIsoDate(iso) ? iso : undefined;
}

/**
 * The filter bar's values → one search, or the rule they break (SPEC §5: a date range of at most 6 months or
 * PSP references, not both; the card summary is 4 or 6 digits). The API checks the same rules.
 */
export function transactionSearch(input: SearchInput): TransactionSearch {
  const hasRange = Boolean(input.from || input.to);
  if (input.psp && hasRange) return { kind: 'invalid', messageKey: 'validation.dateRangeOrPspReference' };
  if (input.psp) {
    const pspReferences = input.psp
      .split(/[\s,]+/)
      .filter(Boolean)
      .slice(0, 50);
    if (!pspReferences.every((reference) => /^[A-Za-z0-9_-]{1,64}$/.test(reference)))
      return { kind: 'invalid', messageKey: 'validation.pspReferenceInvalid' };
    return { kind: 'psp', pspReferences };
  }
  const from = input.from ? isoFromFilterDate(input.from) : undefined;
  const to = input.to ? isoFromFilterDate(input.to) : undefined;
  if ((input.from && !from) || (input.to && !to))
    return { kind: 'invalid', messageKey: 'transactions.dateInvalid' };
  if (from && to) {
    const start = parseIsoDate(from) as Date;
    const end = parseIsoDate(to) as Date;
    if (end < start) return { kind: 'invalid', messageKey: 'validation.dateRangeOrder' };
    if (end > addMonths(start, TRANSACTION_DATE_RANGE_MAX_MONTHS))
      return { kind: 'invalid', messageKey: 'validation.dateRangeTooLarge' };
  }
  if (input.card && !/^(\d{4}|\d{6})$/.test(input.card))
    return { kind: 'invalid', messageKey: 'validation.cardSummaryInvalid' };
  return {
    kind: 'list',
    filters: { from, to, siteId: input.siteId, status: input.status, source: input.source, card: input.card },
  };
}
