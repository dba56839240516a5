/**
 * The OpenAPI 3.1 document of the public API, generated from the endpoint table (v1.contract.ts)
 * and the very zod schemas that validate the requests, so it cannot drift from what the server
 * enforces. Made once per app (it depends only on the code and the app's address).
 */
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { errorBodySchema } from '#shared/schemas/common';
import { V1, type V1Endpoint } from './v1.contract';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema as z.ZodType, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  const { $schema: _ignored, ...rest } = out as JsonSchema;
  return rest;
}

/** The query or path parameters an object schema describes, one entry each. */
function parametersOf(schema: $ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'requests allowed in the window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'requests left in the window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'seconds until the window resets', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'the daily quota and the burst window', schema: { type: 'string' } },
};

function operationOf(endpoint: V1Endpoint) {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.schema.response))
    responses[status] = {
      description: 'OK',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
    };
  if (endpoint.noContent) responses[endpoint.noContent] = { description: 'Done', headers: rateLimitHeaders };
  responses['400'] = errorResponse('The request is not valid (the details name each field)');
  responses['401'] = errorResponse('No API key, or an unknown or revoked one (invalid_api_key)');
  responses['403'] = errorResponse(
    endpoint.scope === 'write'
      ? 'The key may only read (insufficient_scope), or the plan has no API (plan_required)'
      : 'The plan has no API (plan_required)',
  );
  if (endpoint.schema.params) responses['404'] = errorResponse('No such legal change');
  responses['429'] = {
    ...errorResponse('Over the key’s daily quota or burst limit; wait Retry-After seconds'),
    headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateLimitHeaders },
  };
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.scope === 'write' ? { description: 'Needs a key with the write scope.' } : {}),
    parameters: [
      ...parametersOf(endpoint.schema.params, 'path'),
      ...parametersOf(endpoint.schema.querystring, 'query'),
    ],
    ...(endpoint.schema.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.schema.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** `/api/v1/legal-changes/:id` → `/api/v1/legal-changes/{id}` */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** The limits the document states: the configured ones. */
export interface StatedLimits {
  basic: number;
  premium: number;
  burst: number;
  burstWindowSeconds: number;
}

export function openApiDocument(appUrl: string, limits: StatedLimits) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values(V1) as V1Endpoint[]) {
    const path = openApiPath(endpoint.url);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lexwatch API',
      version: '1.0.0',
      description:
        'UK legislation changes, search, your followed items and notifications. Send an API key from ' +
        `Settings → Developers as \`Authorization: Bearer <key>\`. Each key may make ${limits.basic} ` +
        `requests a day on Basic and ${limits.premium} on Premium, at most ${limits.burst} per ` +
        `${limits.burstWindowSeconds} s.`,
    },
    servers: [{ url: appUrl }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'Legal changes' }, { name: 'Search' }, { name: 'Followed' }, { name: 'Notifications' }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lwk_live_… or lwk_test_…',
          description: 'An API key from Settings → Developers.',
        },
      },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}
