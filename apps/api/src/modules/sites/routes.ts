import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import {
  integrationPathSchema,
  integrationSecretSchema,
  passcodesSchema,
  siteCreateBodySchema,
  siteInternalSettingsBodySchema,
  siteInternalSettingsSchema,
  sitePathSchema,
  siteResponseSchema,
  siteSummarySchema,
  siteUpdateBodySchema,
} from './schemas.ts';
import type { SitesService } from './service.ts';

export { siteSummarySchema };

const denied = { 401: errorBodySchema, 404: errorBodySchema };
const internalResponse = z.object({ data: siteInternalSettingsSchema });

/** SPEC §7 Sites and issue 10: list, create, edit, archive, passcodes, internal settings. */
export const sitesRoutes: FastifyPluginAsyncZod<{ service: SitesService }> = async (app, { service }) => {
  app.get(
    '/merchants/:id/sites',
    {
      // Any member: company-wide Site:ListSites sees every site, a site manager only their own (service).
      config: { access: { kind: 'merchant', permissions: [], scope: 'company' } },
      schema: {
        operationId: 'listSites',
        tags: ['sites'],
        summary: "The merchant's sites the caller may see (all with Site:ListSites, else their own)",
        params: merchantPathSchema,
        response: { 200: z.object({ data: z.array(siteSummarySchema) }), ...denied },
      },
    },
    async (request) => ({ data: await service.list(accessOf(request)) }),
  );

  app.post(
    '/merchants/:id/sites',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Site:CreateSite'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'createSite',
        tags: ['sites'],
        summary: 'Create a site (SPEC §5: name characters, unique within the merchant, never changed later)',
        params: merchantPathSchema,
        body: siteCreateBodySchema,
        response: { 201: siteResponseSchema, 400: errorBodySchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const site = await service.create(accessOf(request), request.body);
      return reply.code(201).send({ site });
    },
  );

  app.get(
    '/merchants/:id/sites/:siteId',
    {
      config: { access: { kind: 'merchant', permissions: ['Site:GetSite'], scope: 'site' } },
      schema: {
        operationId: 'getSite',
        tags: ['sites'],
        summary: 'One site, under `site`',
        params: sitePathSchema,
        response: { 200: siteResponseSchema, ...denied },
      },
    },
    async (request) => ({ site: await service.get(accessOf(request), request.params.siteId) }),
  );

  app.put(
    '/merchants/:id/sites/:siteId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Site:UpdateSite'], scope: 'site', audited: true },
      },
      schema: {
        operationId: 'updateSite',
        tags: ['sites'],
        summary:
          'Change a site (body under `site`); the name cannot change (400 when a different one is sent)',
        params: sitePathSchema,
        body: siteUpdateBodySchema,
        response: { 200: siteResponseSchema, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({
      site: await service.update(accessOf(request), request.params.siteId, request.body.site),
    }),
  );

  app.delete(
    '/merchants/:id/sites/:siteId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Site:UpdateSite'], scope: 'site', audited: true },
      },
      schema: {
        operationId: 'deleteSite',
        tags: ['sites'],
        summary:
          'Archive a site (its history stays reportable); 409 while devices are assigned or with payments in the last 13 months',
        params: sitePathSchema,
        response: { 204: z.null(), ...denied, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.archive(accessOf(request), request.params.siteId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/merchants/:id/sites/:siteId/passcodes/reveal',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Site:UpdateSite'], scope: 'site', audited: true },
      },
      schema: {
        operationId: 'revealSitePasscodes',
        tags: ['sites'],
        summary: "The site's terminal PINs (admin and refund); every reveal is written to the audit log",
        params: sitePathSchema,
        response: { 200: z.object({ data: passcodesSchema }), ...denied },
      },
    },
    async (request) => ({ data: await service.revealPasscodes(accessOf(request), request.params.siteId) }),
  );

  app.get(
    '/merchants/:id/sites/:siteId/internal',
    {
      config: { access: { kind: 'merchant', permissions: [], scope: 'company', staffOnly: true } },
      schema: {
        operationId: 'getSiteInternalSettings',
        tags: ['sites'],
        summary:
          "Staff: the site's internal settings (payouts, payment methods, tips, integrations, devices)",
        params: sitePathSchema,
        response: { 200: internalResponse, ...denied },
      },
    },
    async (request) => ({ data: await service.readInternal(accessOf(request), request.params.siteId) }),
  );

  app.put(
    '/merchants/:id/sites/:siteId/internal',
    {
      config: {
        access: { kind: 'merchant', permissions: [], scope: 'company', staffOnly: true, audited: true },
      },
      schema: {
        operationId: 'updateSiteInternalSettings',
        tags: ['sites'],
        summary:
          'Staff: replace the internal settings document (audited before → after; PINs kept when absent)',
        params: sitePathSchema,
        body: siteInternalSettingsBodySchema,
        response: { 200: internalResponse, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({
      data: await service.updateInternal(accessOf(request), request.params.siteId, request.body),
    }),
  );

  app.post(
    '/merchants/:id/sites/:siteId/internal/integrations/:kind/rotate',
    {
      config: {
        access: { kind: 'merchant', permissions: [], scope: 'company', staffOnly: true, audited: true },
      },
      schema: {
        operationId: 'rotateSiteIntegrationSecret',
        tags: ['sites'],
        summary: 'Staff: a new connect-push signing secret or connect-pull API key, shown this once',
        params: integrationPathSchema,
        response: { 200: z.object({ data: integrationSecretSchema }), 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({
      data: await service.rotateIntegrationSecret(
        accessOf(request),
        request.params.siteId,
        request.params.kind,
      ),
    }),
  );
};
