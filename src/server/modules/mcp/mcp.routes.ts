import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '#server/http/errors';
import { principalOf } from '#server/modules/public-api/v1-guard';
import type { PublicApiContext } from '#server/modules/public-api/v1.service';
import { MCP_PATH } from '#shared/api-keys';
import { buildMcpServer } from './mcp.server';

/**
 * The MCP server (Streamable HTTP, stateless: any web process answers any request), for AI
 * assistants; an API key as the bearer token. Each POST gets its own server and transport.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const ctx: PublicApiContext = { db: app.db, reader: { db: app.db, caches: app.caches.legalChanges } };
  const { appUrl } = app.deps.config;

  app.post(MCP_PATH, async (request, reply) => {
    const principal = await principalOf(app, request, reply).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 401)
        reply.header('www-authenticate', 'Bearer realm="lexwatch", error="invalid_token"');
      throw error;
    });
    const server = buildMcpServer(ctx, principal, appUrl);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    // headers set so far (the limits, the request id) go out with the transport's answer
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // stateless: no stream to open and no session to end
  const notAllowed = async () => {
    throw new AppError(
      405,
      'method_not_allowed',
      'The MCP endpoint takes POST requests only (stateless).',
      undefined,
      {
        allow: 'POST',
      },
    );
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
};
