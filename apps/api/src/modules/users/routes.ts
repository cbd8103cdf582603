import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, readOf } from '../../access/route-access.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import type { InvitationsService } from './invitations-service.ts';
import type { MemberRow } from './repository.ts';
import {
  acceptedInvitationResponseSchema,
  invitationPathSchema,
  inviteResponseSchema,
  inviteUserBodySchema,
  merchantInvitationsResponseSchema,
  merchantPathSchema,
  ownInvitationPathSchema,
  ownInvitationsResponseSchema,
  updateUserBodySchema,
  userPathSchema,
  userResponseSchema,
  usersResponseSchema,
} from './schemas.ts';
import { listRead, type UsersService } from './service.ts';

const errors = { 401: errorBodySchema, 404: errorBodySchema };

/** SPEC §7 Users. Each route declares its permission; the access check enforces it before the handler. */
export const usersRoutes: FastifyPluginAsyncZod<{
  service: UsersService;
  invitations: InvitationsService;
}> = async (app, { service, invitations }) => {
  app.get(
    '/v1/merchants/:id/users',
    {
      config: {
        access: {
          kind: 'merchant',
          permissions: ['User:ListUsers'],
          scope: 'company',
          // Sent with the access check (one round trip), dropped unread unless access is granted.
          read: (merchantId) => listRead(merchantId),
        },
      },
      schema: {
        operationId: 'listMerchantUsers',
        tags: ['users'],
        summary: "The merchant's users with their roles",
        params: merchantPathSchema,
        response: { 200: usersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.list(accessOf(request), readOf<MemberRow[]>(request)) }),
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
          'Invite a user: a new address gets an account with a temporary password by e-mail and joins at once; ' +
          'an existing account gets a pending invitation its owner accepts or declines (staff accounts: 409)',
        params: merchantPathSchema,
        body: inviteUserBodySchema,
        response: { 201: inviteResponseSchema, 400: errorBodySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await service.invite(accessOf(request), request.body);
      return reply.code(201).send({ data: result });
    },
  );

  app.get(
    '/v1/merchants/:id/invitations',
    {
      config: { access: { kind: 'merchant', permissions: ['User:ListUsers'], scope: 'company' } },
      schema: {
        operationId: 'listMerchantInvitations',
        tags: ['users'],
        summary: "The merchant's open invitations of existing accounts (pending, expired, declined)",
        params: merchantPathSchema,
        response: { 200: merchantInvitationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await invitations.listForMerchant(accessOf(request)) }),
  );

  app.delete(
    '/v1/merchants/:id/invitations/:invitationId',
    {
      config: {
        access: { kind: 'merchant', permissions: ['User:InviteUser'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'revokeMerchantInvitation',
        tags: ['users'],
        summary: 'Revoke a pending invitation (no longer pending: 409)',
        params: invitationPathSchema,
        response: {
          204: z.null().describe('Revoked'),
          400: errorBodySchema,
          ...errors,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await invitations.revoke(accessOf(request), request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/invitations',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'listOwnInvitations',
        tags: ['users'],
        summary: "The signed-in user's open invitations to companies",
        response: { 200: ownInvitationsResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await invitations.inbox(actorOf(request)) }),
  );

  app.post(
    '/v1/invitations/:invitationId/accept',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'acceptOwnInvitation',
        tags: ['users'],
        summary:
          'Accept an invitation addressed to the signed-in user: they join the company with its roles ' +
          "(another user's invitation: 404; expired or no longer open: 409)",
        params: ownInvitationPathSchema,
        response: { 200: acceptedInvitationResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => ({
      data: await invitations.accept(actorOf(request), request.params.invitationId, originOf(request)),
    }),
  );

  app.post(
    '/v1/invitations/:invitationId/decline',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'declineOwnInvitation',
        tags: ['users'],
        summary: "Decline an invitation addressed to the signed-in user (another user's invitation: 404)",
        params: ownInvitationPathSchema,
        response: { 204: z.null().describe('Declined'), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await invitations.decline(actorOf(request), request.params.invitationId, originOf(request));
      return reply.code(204).send(null);
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
        summary:
          "Update a user's roles in the merchant, and names when given (names of an account that also belongs " +
          'to another company: 409 ACCOUNT_SHARED; the last company owner cannot be demoted: 409)',
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
        summary:
          'E-mail the user a new temporary password and end their sessions (an account that also belongs to ' +
          'another company: 409 ACCOUNT_SHARED)',
        params: userPathSchema,
        response: { 204: z.null().describe('Done'), 400: errorBodySchema, ...errors, 409: errorBodySchema },
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
        summary:
          'Remove the user from the merchant: their access to it ends at once, their account and its other ' +
          'companies stay (not the last company owner: 409)',
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

function originOf(request: FastifyRequest) {
  return { ip: request.ip, requestId: String(request.id), userAgent: request.headers['user-agent'] ?? null };
}
