import { apiErrorFrom } from './api-error.ts';
import { authFetch } from './auth-fetch.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiUrl(path: string): string {
  return new URL(`/api${path}`, window.location.origin).toString();
}

/**
 * One JSON call to the API: unwraps `{ data }` on success and throws an ApiError otherwise.
 * Used by the features' endpoint files; the typed paths come from the generated OpenAPI schema.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  const response = await authFetch(new Request(apiUrl(path), init));
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  const json = (await response.json()) as { data: T };
  return json.data;
}
