import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import {
  inviteUserBodySchema,
  merchantPathSchema,
  updateUserBodySchema,
  userPathSchema,
  userResponseSchema,
  usersResponseSchema,
} from './schemas.ts';
import type { UsersService } from './service.ts';

const errors = { 401: errorBodySchema, 404: errorBodySchema };

/** SPEC §7 Users. Each route declares its permission; the access check enforces it before the handler. */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/v1/merchants/:id/users',
    {
      config: { access: { kind: 'merchant', permissions: ['User:ListUsers'], scope: 'company' } },
      schema: {
        operationId: 'listMerchantUsers',
        tags: ['users'],
        summary: "The merchant's users with their roles",
        params: merchantPathSchema,
        response: { 200: usersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.list(accessOf(request)) }),
  );

  app.post(
    '/v1/merchants/:id/users',
    {
      config: {
        access: { kind: 'merchant', permissions: ['User:InviteUser'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'inviteMerchantUser',
        tags: ['users'],
        summary:
          'Invite a user: a new address gets a temporary password by e-mail, an existing account the membership',
        params: merchantPathSchema,
        body: inviteUserBodySchema,
        response: { 201: userResponseSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await service.invite(accessOf(request), request.body);
      return reply.code(201).send({ data: user });
    },
  );

  app.get(
    '/v1/merchants/:id/users/:userId',
    {
      config: { access: { kind: 'merchant', permissions: ['User:ListUsers'], scope: 'company' } },
      schema: {
        operationId: 'getMerchantUser',
        tags: ['users'],
        summary: 'One user of the merchant',
        params: userPathSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.get(accessOf(request), request.params.userId) }),
  );

  app.post(
    '/v1/merchants/:id/users/:userId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['User:Update'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'updateMerchantUser',
        tags: ['users'],
        summary: "Update a user's names and roles (the last company owner cannot be demoted: 409)",
        params: userPathSchema,
        body: updateUserBodySchema,
        response: { 200: userResponseSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => ({
      data: await service.update(accessOf(request), request.params.userId, request.body),
    }),
  );

  app.post(
    '/v1/merchants/:id/users/:userId/reset-password',
    {
      config: {
        access: { kind: 'merchant', permissions: ['User:ResetPassword'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'resetMerchantUserPassword',
        tags: ['users'],
        summary: 'E-mail the user a new temporary password and end their sessions',
        params: userPathSchema,
        response: { 204: z.null().describe('Done'), 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.resetPassword(accessOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/merchants/:id/users/:userId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['User:RemoveUser'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'removeMerchantUser',
        tags: ['users'],
        summary: 'Remove the user from the merchant and end their sessions (not the last company owner: 409)',
        params: userPathSchema,
        response: {
          204: z.null().describe('Removed'),
          400: errorBodySchema,
          ...errors,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await service.remove(accessOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
