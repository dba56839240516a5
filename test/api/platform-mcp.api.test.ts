/** The MCP server driven by the MCP SDK's own client over Streamable HTTP on a loopback port. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const OFFICIAL = 'https://bills.parliament.uk/bills/4242';

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

describe.skipIf(postgresUnavailable())('the MCP server at /mcp', () => {
  let t: TestApp;
  let url: URL;
  let readKey: string;
  let writeKey: string;
  let item: number;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: { API_KEY_BURST_LIMIT: '100000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
    const member = await buildSignedInUser(t.db, { subscriptionTier: 'basic', subscriptionStatus: 'active' });
    const make = async (scopes: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/api-keys',
          headers: member.headers,
          payload: { name: 'assistant', scopes },
        })
      ).json().key as string;
    readKey = await make(['read']);
    writeKey = await make(['read', 'write']);
    item = (await buildLegalChange(t.db, { title: 'Zebra Crossings Bill', officialUrl: OFFICIAL })).id;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  async function connect(key: string) {
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }
  const textOf = (result: unknown) => (result as ToolResult).content.map((c) => c.text).join('\n');

  it('initializes and lists its tools', async () => {
    const client = await connect(readKey);
    expect(client.getServerVersion()?.name).toBe('lexwatch');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'follow_legal_change',
      'get_effects',
      'get_legal_change',
      'list_followed',
      'recent_changes',
      'search_legislation',
    ]);
    const search = tools.find((tool) => tool.name === 'search_legislation')!;
    expect(search.inputSchema.required).toEqual(['query']);
  });

  it('answers with official links the assistant can cite', async () => {
    const client = await connect(readKey);
    const found = textOf(
      await client.callTool({ name: 'search_legislation', arguments: { query: 'zebra' } }),
    );
    expect(found).toContain('Zebra Crossings Bill');
    expect(found).toContain(OFFICIAL);
    const one = textOf(await client.callTool({ name: 'get_legal_change', arguments: { id: item } }));
    expect(one).toContain(`Official link: ${OFFICIAL}`);
    expect(one).toContain(`/legal-changes/${item}`);
    expect(textOf(await client.callTool({ name: 'recent_changes', arguments: {} }))).toContain(OFFICIAL);
    expect(textOf(await client.callTool({ name: 'get_effects', arguments: { id: item } }))).toContain(
      'No effects are recorded',
    );
    const missing = (await client.callTool({
      name: 'get_legal_change',
      arguments: { id: 999999 },
    })) as ToolResult;
    expect(missing.isError).toBe(true);
  });

  it('follows only with the write scope', async () => {
    const reader = await connect(readKey);
    const refused = (await reader.callTool({
      name: 'follow_legal_change',
      arguments: { legalChangeId: item },
    })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/only read/);

    const writer = await connect(writeKey);
    const done = (await writer.callTool({
      name: 'follow_legal_change',
      arguments: { legalChangeId: item },
    })) as ToolResult;
    expect(done.isError).toBeFalsy();
    expect(textOf(await writer.callTool({ name: 'list_followed', arguments: {} }))).toContain(
      'Zebra Crossings Bill',
    );
  });

  it('answers 401 without a valid key', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    for (const authorization of [undefined, 'Bearer lwk_live_' + 'B'.repeat(38)]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(initialize),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    }
    await expect(connect('lwk_live_' + 'C'.repeat(38))).rejects.toThrow();
  });
});
