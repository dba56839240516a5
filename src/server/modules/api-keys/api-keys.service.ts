/**
 * Members' API keys: made at random, shown once, kept only as a hash; Basic and Premium plans.
 * A key found by its hash stands for its member on the public API and the MCP server (never on
 * the session routes: a key is not a session token).
 */
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { AppError, conflict, notFound, unauthorized } from '#server/http/errors';
import type { SessionUser } from '#server/plugins/session';
import { canUseApi, MAX_API_KEYS, type ApiKeyScope } from '#shared/api-keys';
import type { ApiKeyCreated, ApiKeyList, CreateApiKeyBody } from '#shared/schemas/api-keys';
import type { SubscriptionTier } from '#shared/tiers';
import {
  countActiveKeys,
  insertApiKey,
  keyByHash,
  listActiveKeys,
  revokeKey,
  touchKey,
} from './api-keys.queries';
import { hashKey, looksLikeKey, makeKey } from './key-material';

export const planRequired = () =>
  new AppError(
    403,
    'plan_required',
    'API keys come with the Basic and Premium plans. Choose a plan to use the API and the MCP server.',
  );

export const invalidApiKey = () =>
  unauthorized(
    'The API key is missing, unknown or revoked. Send it as Authorization: Bearer <key>.',
    'invalid_api_key',
  );

export const insufficientScope = () =>
  new AppError(403, 'insufficient_scope', 'This API key may only read. Create a key with the write scope.');

/** Keys are `lwk_test_…` while payments run in test mode (no live payment provider key). */
export const keyMode = (config: Config): 'live' | 'test' => (config.STRIPE_SECRET_KEY ? 'live' : 'test');

export function assertApiPlan(tier: SubscriptionTier): void {
  if (!canUseApi(tier)) throw planRequired();
}

export async function createApiKey(
  db: Db,
  config: Config,
  user: SessionUser,
  body: CreateApiKeyBody,
): Promise<ApiKeyCreated> {
  assertApiPlan(user.subscriptionTier);
  if ((await countActiveKeys(db, user.id)) >= MAX_API_KEYS)
    throw conflict(`You can hold up to ${MAX_API_KEYS} keys. Revoke one to create another.`, 'api_key_limit');
  const made = makeKey(keyMode(config));
  const row = await insertApiKey(db, {
    userId: user.id,
    name: body.name,
    prefix: made.prefix,
    keyHash: made.hash,
    scopes: [...body.scopes],
  });
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    key: made.key,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyList> {
  const rows = await listActiveKeys(db, userId);
  return {
    keys: rows.map((r) => ({
      id: r.id,
      name: r.name,
      scopes: r.scopes as ApiKeyScope[],
      prefix: r.prefix,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

export async function revokeApiKey(db: Db, userId: number, id: number): Promise<void> {
  if (!(await revokeKey(db, userId, id))) throw notFound('There is no such API key.', 'api_key_not_found');
}

/** The member and scopes a request's key stands for. */
export interface ApiPrincipal {
  keyId: number;
  scopes: ApiKeyScope[];
  user: SessionUser;
}

/** The key in `Authorization: Bearer <key>`, or null. */
export function bearerKeyOf(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * The member a key stands for: 401 for a missing, malformed, unknown or revoked key (or a
 * suspended member), 403 plan_required when their plan has no API. Records the key's use.
 */
export async function authenticateKey(db: Db, key: string | null): Promise<ApiPrincipal> {
  if (!key || !looksLikeKey(key)) throw invalidApiKey();
  const row = await keyByHash(db, hashKey(key));
  if (!row) throw invalidApiKey();
  assertApiPlan(row.subscriptionTier);
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await touchKey(db, row.keyId);
  return {
    keyId: row.keyId,
    scopes: row.scopes as ApiKeyScope[],
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      subscriptionTier: row.subscriptionTier,
      sessionId: `api-key:${row.keyId}`,
      disabledTypes: row.disabledTypes,
      actions: null,
    },
  };
}

export function assertWriteScope(principal: ApiPrincipal): void {
  if (!principal.scopes.includes('write')) throw insufficientScope();
}
