import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, notFound } from '../../plugins/errors.ts';
import type { LocalFileStorage } from './local-file-storage.ts';
import { safeFilename } from './storage-port.ts';

const signedFileQuerySchema = z.object({
  key: z.string().min(1).max(512),
  expires: z.coerce.number().int(),
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(100),
  signature: z.string().min(1).max(100),
});

/**
 * The local file store's downloads (DESIGN §4 files): the signed URL is the credential, as an S3 presigned URL
 * would be, so the route is public; a wrong signature or an expired URL answers 404.
 */
export const localFileRoutes: FastifyPluginAsyncZod<{ storage: LocalFileStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    '/files',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'getSignedFile',
        tags: ['files'],
        summary: 'A stored file through a signed, expiring URL (handed out by e.g. the report download call)',
        querystring: signedFileQuerySchema,
        response: { 200: z.any().describe('The file'), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = storage.verify(request.query);
      if (!file) throw notFound('This link has expired or is not valid');
      const stream = storage.open(file.path);
      const opened = await new Promise<boolean>((resolve) => {
        stream.once('open', () => resolve(true));
        stream.once('error', () => resolve(false));
      });
      if (!opened) throw notFound('This link has expired or is not valid');
      const safeName = safeFilename(request.query.filename);
      return reply
        .type(request.query.contentType)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
