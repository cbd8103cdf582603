import { translate } from '@mp/domain/messages';
import { hasLoneSurrogate } from '@mp/domain/rules/text';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { AppError, type ErrorDetail, sendError } from './errors.ts';

/**
 * Issue 8 §3, the floor under every route's own schema (including routes added later, which get it without
 * asking): no string that cannot be stored (NUL, lone surrogate) and no absurdly deep structure reaches a
 * handler, and a body in any charset but UTF-8 is refused with 415. Each route's zod schema then applies the
 * domain's text, date and cursor rules on top.
 */

/** Deeper than any of our bodies will ever be; deeper input is refused before anything walks it recursively. */
export const MAX_INPUT_DEPTH = 32;

const INPUT_PARTS = ['params', 'query', 'body'] as const;
const WHOLE: Record<(typeof INPUT_PARTS)[number], string> = {
  params: 'params',
  query: 'querystring',
  body: 'body',
};

function unstorable(value: string): boolean {
  return value.includes('\u0000') || hasLoneSurrogate(value);
}

/** At most this many details per response. */
const MAX_DETAILS = 20;

/** The problems in `input`, in document order, as 400 details naming their fields (dotted paths). */
export function findUnsafeInput(input: unknown, whole: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0 && problems.length < MAX_DETAILS) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    const field = path.length > 0 ? path.join('.') : whole;
    if (typeof value === 'string') {
      if (unstorable(value)) problems.push(detail(field, 'validation.textInvalidCharacters'));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      problems.push(detail(field, 'validation.invalid'));
      continue;
    }
    const children: { value: unknown; path: string[] }[] = [];
    for (const [key, child] of Object.entries(value)) {
      if (unstorable(key)) problems.push(detail(field, 'validation.textInvalidCharacters'));
      // An object of the input with its own toString or valueOf (never a field of ours) has no string or number
      // value: comparing it or putting it in a template throws, and zod's length checks compare an input's
      // `length` even when its type check failed, so `{"name":{"length":{"valueOf":1,"toString":1}}}` was a 500.
      else if (key === 'toString' || key === 'valueOf') problems.push(detail(field, 'validation.invalid'));
      else children.push({ value: child, path: [...path, key] });
    }
    stack.push(...children.reverse());
  }
  return problems;
}

function detail(field: string, rule: 'validation.textInvalidCharacters' | 'validation.invalid'): ErrorDetail {
  return { field, rule, message: translate(rule, 'en-GB') };
}

// Callback hooks, not async ones: the same checks without a promise and a microtask per request (docs/PERFORMANCE.md,
// session 15). An error given to `done` takes the same way as one thrown from an async hook.
const guardInput: preValidationHookHandler = (request, _reply, done) => {
  for (const part of INPUT_PARTS) {
    const problems = findUnsafeInput(request[part], WHOLE[part]);
    if (problems.length > 0)
      return done(new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', problems));
  }
  done();
};

/** `charset=…` of a Content-Type header, lower-cased, or undefined when none is given. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType);
  return match ? (match[1] ?? '').toLowerCase() : undefined;
}

const refuseForeignCharsets: onRequestHookHandler = (request: FastifyRequest, reply: FastifyReply, done) => {
  const charset = charsetOf(request.headers['content-type']);
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return done();
  // Answered here: the request goes no further (a callback hook that sends does not call `done`).
  sendError(reply, 415, {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Request bodies must be UTF-8 (send charset=utf-8 or no charset)',
  });
};

/**
 * Registered on the root before the access plugin, so each route's preValidation becomes [access check, the
 * route's own, this guard]: a stranger still gets 401/404 first, whatever the input holds.
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('onRequest', refuseForeignCharsets);
  app.addHook('onRoute', (route) => {
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...existing, guardInput];
  });
}
(inputGuardPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export { inputGuardPlugin };
