/** The error model of DESIGN §4: `{ error: { code, message, details? } }`. */
export interface ApiErrorDetail {
  field: string;
  /** A message key of the domain package, e.g. `validation.emailInvalid`. */
  rule: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

/** Builds an ApiError from any failed response, whether or not its body follows the error model. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    body = (await response.clone().json()) as ErrorBody;
  } catch {
    body = null;
  }
  const error = body?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
  const message = typeof error?.message === 'string' ? error.message : response.statusText;
  // Only well-formed details: a proxy's or an older server's body must not break the screen that reads them.
  const details = Array.isArray(error?.details)
    ? (error.details as unknown[]).filter(
        (detail): detail is ApiErrorDetail =>
          typeof detail === 'object' &&
          detail !== null &&
          typeof (detail as ApiErrorDetail).field === 'string' &&
          typeof (detail as ApiErrorDetail).rule === 'string',
      )
    : [];
  return new ApiError(response.status, code, message, details);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * Whether a failed call answered with the error model's `error` (its code), not only a status: a proxy's page or
 * an empty body gets the `http_<status>` code from apiErrorFrom, and no answer at all is no ApiError.
 */
export function hasErrorField(error: unknown): error is ApiError {
  return isApiError(error) && error.code !== `http_${error.status}`;
}

/**
 * The i18n key of the text a screen shows for a failed API call, in the user's language, never the API's English
 * `message` (DESIGN §4: the code and the details' rules are the contract, the message is for logs and scripts):
 * the feature's own key for a code it knows (`byCode`, as onboarding-errors.ts gives), else the
 * rule the API named for a field (a `validation.*` key of the domain package), too many requests, a 404, or the
 * screen's `fallbackKey`.
 */
export function apiErrorKey(
  error: unknown,
  fallbackKey: string,
  byCode: Readonly<Record<string, string>> = {},
): string {
  if (!isApiError(error)) return fallbackKey;
  const known = byCode[error.code];
  if (known) return known;
  const rule = error.details.find((detail) => detail.rule.startsWith('validation.'))?.rule;
  if (rule) return rule;
  if (error.status === 429 || error.code === 'RATE_LIMITED') return 'errors.rateLimited';
  if (error.status === 404) return 'errors.notFound';
  return fallbackKey;
}

/**
 * The text key of a rule the API named for a field: the domain's validation key, else "Invalid value" (a schema's
 * own code such as `invalid_type` is not a text, and must never be shown as one).
 */
export function fieldRuleKey(rule: string): string {
  return rule.startsWith('validation.') ? rule : 'validation.invalid';
}

/**
 * The text key of the alert above a form for a failed call, or null when there is none to show: every refusal
 * the API tied to a field the form shows (`placed`) is read under that field instead. A refusal naming no such
 * field, or no field at all, or a failure without an answer, is read here, never lost: its code's or rule's key
 * (see `apiErrorKey`), "Invalid value" for a 400 whose rules are not text keys, else `fallbackKey`.
 */
export function formErrorKey(
  error: unknown,
  placed: (field: string) => boolean,
  fallbackKey = 'errors.generic',
  byCode: Readonly<Record<string, string>> = {},
): string | null {
  if (!error) return null;
  if (isApiError(error) && error.details.some((detail) => placed(detail.field))) return null;
  const invalid = isApiError(error) && error.details.length > 0;
  return apiErrorKey(error, invalid ? 'validation.invalid' : fallbackKey, byCode);
}
