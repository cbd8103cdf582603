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
  const details = Array.isArray(error?.details) ? (error.details as ApiErrorDetail[]) : [];
  return new ApiError(response.status, code, message, details);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The i18n key of the text a screen shows for a failed API call, in the user's language, never the API's English
 * `message` (DESIGN §4: the code and the details' rules are the contract, the message is for logs and scripts):
 * the feature's own key for a code it knows (`byCode`, as onboarding-errors.ts and identity-errors.ts do), else the
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
