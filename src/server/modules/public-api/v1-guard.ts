/**
 * Who calls the public API and the MCP server: the member an API key stands for (401 without a
 * working key, 403 plan_required off the paid plans), counted against the key's limits (429).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  assertWriteScope,
  authenticateKey,
  bearerKeyOf,
  type ApiPrincipal,
} from '#server/modules/api-keys/api-keys.service';
import { consumeKeyLimits, keyLimitsFor } from '#server/modules/api-keys/key-limits';

export async function principalOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiPrincipal> {
  const principal = await authenticateKey(app.db, bearerKeyOf(request.headers.authorization));
  const limits = keyLimitsFor(app.deps.config, principal.user.subscriptionTier);
  await consumeKeyLimits(app.db, reply, principal.keyId, limits);
  return principal;
}

export { assertWriteScope, type ApiPrincipal };
