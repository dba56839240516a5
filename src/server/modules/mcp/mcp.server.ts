/**
 * The MCP server's tools for one caller (the member behind the request's API key): the public
 * API's services, answered as text with official links. One server per request (stateless).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { assertWriteScope, type ApiPrincipal } from '#server/modules/public-api/v1-guard';
import {
  changeEffects,
  changeWithTimeline,
  follow,
  followedChanges,
  listChanges,
  searchChanges,
  type PublicApiContext,
} from '#server/modules/public-api/v1.service';
import {
  followArgs,
  legalChangeArgs,
  listFollowedArgs,
  recentChangesArgs,
  searchLegislationArgs,
} from '#shared/schemas/mcp';
import { detailText, effectsText, listText, text } from './mcp.format';

const DEFAULT_LIMIT = 10;
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

export function buildMcpServer(ctx: PublicApiContext, principal: ApiPrincipal, appUrl: string): McpServer {
  const server = new McpServer(
    { name: 'lexwatch', version: '1.0.0' },
    {
      instructions:
        'Lexwatch tracks UK legislation. Search or list legal changes, read one with its timeline and effects, ' +
        'and see or add to the items the member follows. Cite the official links the tools give.',
    },
  );
  const { user } = principal;

  server.registerTool(
    'search_legislation',
    {
      description:
        'Search UK legal changes (bills, acts, statutory instruments) by words; best matches first.',
      inputSchema: searchLegislationArgs,
      annotations: readOnly,
    },
    async (args) => {
      const page = await searchChanges(ctx, user, {
        q: args.query,
        limit: args.limit ?? DEFAULT_LIMIT,
        legislationType: args.legislationType ?? 'all',
        cursor: args.cursor,
      });
      return listText(appUrl, `Results for "${args.query}"`, page.data, page.nextCursor);
    },
  );

  server.registerTool(
    'get_legal_change',
    {
      description: 'One legal change in full: status, dates, description, official link and timeline.',
      inputSchema: legalChangeArgs,
      annotations: readOnly,
    },
    async ({ id }) => detailText(appUrl, await changeWithTimeline(ctx, id)),
  );

  server.registerTool(
    'recent_changes',
    {
      description: 'The newest legal changes, optionally for one jurisdiction or type.',
      inputSchema: recentChangesArgs,
      annotations: readOnly,
    },
    async (args) => {
      const page = await listChanges(ctx, user, {
        limit: args.limit ?? DEFAULT_LIMIT,
        jurisdictionId: args.jurisdictionId,
        legislationType: args.legislationType ?? 'all',
        sortBy: 'date',
        cursor: args.cursor,
      });
      return listText(appUrl, 'Recent legal changes', page.data, page.nextCursor);
    },
  );

  server.registerTool(
    'list_followed',
    {
      description: 'The legal changes the member follows, newest follow first.',
      inputSchema: listFollowedArgs,
      annotations: readOnly,
    },
    async (args) => {
      const page = await followedChanges(ctx, user, { limit: 25, cursor: args.cursor });
      return listText(appUrl, 'Followed legal changes', page.data, page.nextCursor);
    },
  );

  server.registerTool(
    'get_effects',
    {
      description: 'Changes later legislation made to this law (amendments, repeals, commencements).',
      inputSchema: legalChangeArgs,
      annotations: readOnly,
    },
    async ({ id }) => effectsText(id, await changeEffects(ctx, id)),
  );

  server.registerTool(
    'follow_legal_change',
    {
      description:
        'Follow a legal change so the member is alerted to its changes (needs a key with write scope).',
      inputSchema: followArgs,
      annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ legalChangeId }) => {
      assertWriteScope(principal);
      await follow(ctx, user, legalChangeId);
      return text(`Now following legal change ${legalChangeId}: ${appUrl}/legal-changes/${legalChangeId}`);
    },
  );

  return server;
}
