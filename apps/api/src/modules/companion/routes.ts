import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';

const companionConfigSchema = z
  .object({
    links: z
      .object({ 'tap-to-pay': z.string(), 'eod-reports': z.string(), capital: z.string() })
      .describe('The app link or custom-scheme URL each /app/* page opens'),
    appStoreUrl: z.string().nullable().describe('Where iPhones go when the app did not open; null: not set'),
    playStoreUrl: z.string().nullable().describe('Where Android phones go when the app did not open'),
    fallbackMs: z.number().int().describe('How long to wait for the app before falling back to the store'),
  })
  .meta({ id: 'CompanionConfig' });

/** The companion app's public hand-off settings (issue 14 §1), read by the /app/* pages before anyone signs in. */
export const companionRoutes: FastifyPluginAsyncZod<{ companion: Config['companion'] }> = async (
  app,
  { companion },
) => {
  app.get(
    '/v1/companion/config',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'getCompanionConfig',
        tags: ['companion'],
        summary: 'Where the /app/* pages hand the user over to the companion app, and the store fallbacks',
        response: { 200: z.object({ data: companionConfigSchema }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        data: {
          links: companion.links,
          appStoreUrl: companion.appStoreUrl ?? null,
          playStoreUrl: companion.playStoreUrl ?? null,
          fallbackMs: companion.fallbackMs,
        },
      };
    },
  );
};
