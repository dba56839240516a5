/** The member's API keys: POST, GET /api/user/api-keys and DELETE /api/user/api-keys/{id}. */
import { z } from 'zod';
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from '../api-keys';

export const apiKeyScopes = z.union(
  [z.tuple([z.literal('read')]), z.tuple([z.literal('read'), z.literal('write')])],
  {
    message: "must be ['read'] or ['read', 'write']",
  },
);

export const createApiKeyBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(API_KEY_NAME_MAX, `must be at most ${API_KEY_NAME_MAX} characters`),
  scopes: apiKeyScopes,
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeyIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'must be a key id')
    .transform(Number),
});

export const apiKeySummary = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** the key's visible start, e.g. lwk_live_AbC12xYz */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** The answer to a creation: the only time the whole key is shown. */
export const apiKeyCreated = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  prefix: z.string(),
  key: z.string(),
  createdAt: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyList = z.object({ keys: z.array(apiKeySummary) });
export type ApiKeyList = z.infer<typeof apiKeyList>;
