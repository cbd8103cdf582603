import Fastify, { type FastifyError } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { Mailer, MailMessage } from '../src/adapters/mail/mail-port.ts';
import { openDatabase } from '../src/db/client.ts';
import { IdentityError } from '../src/identity/errors.ts';
import { createIdentityModule, registerIdentity } from '../src/identity/module.ts';
import type { OidcProviderConfig } from '../src/identity/oidc-client.ts';
import type { IdentityRateLimits } from '../src/identity/routes.ts';

/**
 * A stand-in for the shared harness (test/helpers) while it is being written: the identity module on a
 * fresh, migrated PGlite database, with a controllable clock and a mailer that records what it sends.
 */
export async function createIdentityTestApp(
  options: {
    rateLimits?: Partial<IdentityRateLimits>;
    production?: boolean;
    mailer?: Mailer | undefined;
    /** Use the real outbox adapter instead of the recording mailer. */
    useOutbox?: boolean;
    oidc?: OidcProviderConfig;
  } = {},
) {
  const scratch = await scratchDatabase();
  const database = await openDatabase({ dataDir: 'memory://', url: scratch?.url });
  await database.migrate();
  let now = new Date('2026-03-02T09:00:00.000Z');
  const clock = () => new Date(now);
  const sent: MailMessage[] = [];
  const recording: Mailer = {
    name: 'outbox',
    async send(message) {
      sent.push(message);
    },
  };
  const app = Fastify({ logger: process.env.IDENTITY_TEST_LOG ? { level: 'warn' } : false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof IdentityError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
    }
    if (error.validation)
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message: error.message } });
    return reply.code(500).send({ error: { code: 'INTERNAL', message: error.message } });
  });
  const identity = await createIdentityModule({
    db: database.db,
    log: app.log,
    clock,
    publicUrl: 'http://localhost:3000',
    production: options.production ?? false,
    mailer: options.useOutbox ? undefined : (options.mailer ?? recording),
    rateLimits: options.rateLimits,
    oidc: options.oidc,
  });
  await registerIdentity(app, identity);
  await app.ready();
  return {
    app,
    identity,
    database,
    sent,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** With DATABASE_URL (PostgreSQL), each test app gets its own database, dropped at the end. */
async function scratchDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `identity_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
