import { DEVICE_MODEL_IDS, TRANSACTION_STATUSES } from '@mp/domain/enums';
import { deviceCodeSchema, deviceLabelSchema, deviceOrderSchema } from '@mp/domain/schemas/devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema, idempotencyKeyHeaders } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import type { DevicesService } from './service.ts';

const denied = { 401: errorBodySchema, 404: errorBodySchema };
const moneySchema = z.object({ amount: z.number().int().describe('Minor units'), currency: z.string() });

export const deviceSchema = z
  .object({
    deviceId: z.uuid(),
    siteId: z.string().nullable(),
    siteName: z.string().nullable(),
    serial: z.string(),
    label: z.string().nullable(),
    model: z.enum(DEVICE_MODEL_IDS as ['with-printer', 'without-printer']),
    firmwareVersion: z.string().nullable(),
    lastTransactionAt: z.string().nullable(),
    lastTransactionAmount: moneySchema.nullable(),
    lastActivityAt: z.string().nullable().describe('Shown in the three activity buckets of SPEC §9'),
    assignedAt: z.string().nullable(),
  })
  .meta({ id: 'Device' });

const deviceDetailSchema = deviceSchema
  .extend({
    recentTransactions: z.array(
      z.object({
        transactionId: z.uuid(),
        createdAt: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        status: z.enum(TRANSACTION_STATUSES),
        cardScheme: z.string().nullable(),
        cardLastFour: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DeviceDetail' });

const devicePathSchema = z.object({ id: z.string(), siteId: z.string(), deviceId: z.string() });
const sitePathSchema = z.object({ id: z.string(), siteId: z.string() });

export const listDevicesQuerySchema = z.object({
  siteId: z.string().max(64).optional().describe('Only this site'),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional().describe('Part of the serial or the label'),
});

const orderOptionsSchema = z
  .object({
    models: z.array(
      z.object({
        model: z.enum(DEVICE_MODEL_IDS as ['with-printer', 'without-printer']),
        printer: z.boolean(),
        weightGrams: z.number(),
        screenInches: z.number(),
        monthlyRental: moneySchema.nullable(),
      }),
    ),
    dockPrice: moneySchema,
    firstDeliveryDate: z.string().describe('YYYY-MM-DD, merchant time zone'),
    blockedBy: z.enum(['ACCOUNT_DEACTIVATED', 'NO_DEAL', 'DEAL_NOT_SIGNED', 'NO_PAYMENT_METHOD']).nullable(),
    blockedMessage: z.string().nullable(),
  })
  .meta({ id: 'DeviceOrderOptions' });

const orderSchema = z
  .object({
    orderId: z.uuid(),
    state: z.string(),
    lines: z.array(
      z.object({
        kind: z.string(),
        model: z.string(),
        quantity: z.number().int(),
        unitAmount: z.number().int(),
        billing: z.string(),
        currency: z.string(),
      }),
    ),
    monthlyTotal: moneySchema,
    outrightTotal: moneySchema,
    firstDeliveryDate: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'DeviceOrder' });

/** SPEC §7 Devices (issue 10): list, one device, rename, order, connect by one-time code. */
export const devicesRoutes: FastifyPluginAsyncZod<{ service: DevicesService }> = async (app, { service }) => {
  app.get(
    '/merchants/:id/devices',
    {
      // With siteId: that site's permission; without: any site, and the service narrows to the caller's sites.
      config: { access: { kind: 'merchant', permissions: ['Device:ListDevices'], scope: 'site' } },
      schema: {
        operationId: 'listDevices',
        tags: ['devices'],
        summary:
          "A page of the merchant's devices (a site manager: their sites'), searchable by serial or label",
        params: merchantPathSchema,
        querystring: listDevicesQuerySchema,
        response: {
          200: z.object({
            data: z.array(deviceSchema),
            pageNumber: z.number().int(),
            pageSize: z.number().int(),
            total: z.number().int(),
          }),
          400: errorBodySchema,
          ...denied,
        },
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );

  app.get(
    '/v1/merchants/:id/sites/:siteId/devices/:deviceId',
    {
      config: { access: { kind: 'merchant', permissions: ['Device:ListDevices'], scope: 'site' } },
      schema: {
        operationId: 'getDevice',
        tags: ['devices'],
        summary: 'One device with its recent transactions',
        params: devicePathSchema,
        response: { 200: z.object({ data: deviceDetailSchema }), ...denied },
      },
    },
    async (request) => ({
      data: await service.get(accessOf(request), request.params.siteId, request.params.deviceId),
    }),
  );

  app.patch(
    '/v1/merchants/:id/sites/:siteId/devices/:deviceId',
    {
      // Ours: renaming a terminal is part of managing the site's terminals (Device:AssignDevice on the site).
      config: {
        access: { kind: 'merchant', permissions: ['Device:AssignDevice'], scope: 'site', audited: true },
      },
      schema: {
        operationId: 'renameDevice',
        tags: ['devices'],
        summary: "Change a device's label (audited)",
        params: devicePathSchema,
        body: z.object({ label: deviceLabelSchema }).meta({ id: 'DeviceUpdate' }),
        response: { 200: z.object({ data: deviceSchema }), 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({
      data: await service.rename(
        accessOf(request),
        request.params.siteId,
        request.params.deviceId,
        request.body.label,
      ),
    }),
  );

  app.get(
    '/merchants/:id/devices/order-options',
    {
      config: { access: { kind: 'merchant', permissions: ['Device:OrderDevice'], scope: 'company' } },
      schema: {
        operationId: 'getDeviceOrderOptions',
        tags: ['devices'],
        summary:
          'What the order form shows: models with rental, dock price, first delivery date, and a blocker',
        params: merchantPathSchema,
        response: { 200: z.object({ data: orderOptionsSchema }), ...denied },
      },
    },
    async (request) => ({ data: await service.orderOptions(accessOf(request)) }),
  );

  app.post(
    '/merchants/:id/devices',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Device:OrderDevice'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'orderDevices',
        tags: ['devices'],
        summary:
          'Order terminals (409 with its own code when blocked: deactivated, no deal, deal not signed, no payment method)',
        params: merchantPathSchema,
        headers: idempotencyKeyHeaders(
          'The same key with the same order answers the order it made and orders nothing more (header ' +
            'Idempotent-Replayed); the same key with another order is refused (422); a key lasts 24 hours',
        ),
        body: deviceOrderSchema.meta({ id: 'DeviceOrderCreate' }),
        response: {
          201: z.object({ data: orderSchema }),
          400: errorBodySchema,
          ...denied,
          409: errorBodySchema,
          422: errorBodySchema.describe('The Idempotency-Key was used with another order'),
        },
      },
    },
    async (request, reply) => {
      const { created, order } = await service.order(
        accessOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ data: order });
    },
  );

  app.post(
    '/v1/merchants/:id/sites/:siteId/assign-device',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Device:AssignDevice'], scope: 'site', audited: true },
      },
      schema: {
        operationId: 'assignDevice',
        tags: ['devices'],
        summary:
          'Connect the terminal showing this one-time code to the site; 404 "Device not found for submitted OTP"',
        params: sitePathSchema,
        body: z.object({ otp: deviceCodeSchema }).meta({ id: 'DeviceAssign' }),
        response: {
          201: z.object({ data: deviceSchema }),
          400: errorBodySchema,
          ...denied,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.assign(accessOf(request), request.params.siteId, request.body.otp) }),
  );
};
