import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';

const API_KEY = 'sk-test-0123456789';

interface Completion {
  id: string;
  object: string;
  model: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

describe('startOpenAiFake', () => {
  let ai: OpenAiFake;

  beforeEach(async () => {
    ai = await startOpenAiFake({ apiKey: API_KEY });
  });

  afterEach(async () => {
    await ai.close();
  });

  function chat(body: unknown, options: { key?: string | null; base?: string; signal?: AbortSignal } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const key = options.key === undefined ? API_KEY : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    return fetch(`${options.base ?? ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  const request = {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Summarise UK legislative changes.' },
      { role: 'user', content: 'The Employment Rights Bill moved to report stage.' },
    ],
    response_format: { type: 'json_object' },
    temperature: 0,
  };

  it('answers a chat.completion whose content the test chose', async () => {
    ai.respondWith('A short summary.');

    const res = await chat(request);
    const json = (await res.json()) as Completion;

    expect(res.status).toBe(200);
    expect(json.object).toBe('chat.completion');
    expect(json.id).toMatch(/^chatcmpl-/);
    expect(json.model).toBe('gpt-4o-mini');
    expect(json.choices[0]).toMatchObject({
      index: 0,
      message: { role: 'assistant', content: 'A short summary.' },
      finish_reason: 'stop',
    });
    expect(json.usage.total_tokens).toBe(json.usage.prompt_tokens + json.usage.completion_tokens);
  });

  it('sends an object reply as JSON text and records the request', async () => {
    ai.respondWith({ summary: 'Report stage', impact: 'medium' });

    const json = (await (await chat(request)).json()) as Completion;

    expect(JSON.parse(json.choices[0]!.message.content)).toEqual({
      summary: 'Report stage',
      impact: 'medium',
    });
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      model: 'gpt-4o-mini',
      messages: request.messages,
      response_format: { type: 'json_object' },
      temperature: 0,
    });
  });

  it('accepts /chat/completions without /v1 and lets a function build the reply', async () => {
    ai.respondWith((r) => `echo: ${String(r.messages.at(-1)?.content)}`);

    const json = (await (await chat(request, { base: ai.url })).json()) as Completion;

    expect(json.choices[0]!.message.content).toBe('echo: The Employment Rights Bill moved to report stage.');
    expect(ai.requests[0]!.path).toBe('/chat/completions');
  });

  it('uses queued one-off replies first', async () => {
    ai.respondWith('default');
    ai.respondOnce('{"broken": ');

    const first = (await (await chat(request)).json()) as Completion;
    const second = (await (await chat(request)).json()) as Completion;

    expect(first.choices[0]!.message.content).toBe('{"broken": ');
    expect(second.choices[0]!.message.content).toBe('default');
  });

  it('rejects a wrong key with 401 invalid_api_key, and a missing key with 401', async () => {
    const wrong = await chat(request, { key: 'sk-wrong-key-000000' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        message: expect.stringContaining('Incorrect API key'),
      },
    });

    const missing = await chat(request, { key: null });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(ai.requests).toHaveLength(0);
  });

  it('validates the body', async () => {
    const noModel = await chat({ messages: request.messages });
    const noMessages = await chat({ model: 'gpt-4o-mini', messages: [] });
    const notJson = await chat('{nope');
    expect(noModel.status).toBe(400);
    expect(await noModel.json()).toMatchObject({ error: { code: 'missing_required_parameter' } });
    expect(noMessages.status).toBe(400);
    await noMessages.arrayBuffer();
    expect(notJson.status).toBe(400);
    await notJson.arrayBuffer();
  });

  it("mode('malformedJson') answers 200 with a body that does not parse", async () => {
    ai.mode('malformedJson');
    const res = await chat(request);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
  });

  it("mode('status500'), mode('unauthorized') and mode('rateLimited') answer OpenAI errors", async () => {
    ai.mode('status500');
    const s500 = await chat(request);
    expect(s500.status).toBe(500);
    expect(await s500.json()).toMatchObject({ error: { type: 'server_error' } });

    ai.mode('unauthorized');
    const s401 = await chat(request);
    expect(s401.status).toBe(401);
    expect(await s401.json()).toMatchObject({ error: { code: 'invalid_api_key' } });

    ai.mode('rateLimited');
    const s429 = await chat(request);
    expect(s429.status).toBe(429);
    expect(s429.headers.get('retry-after')).toBe('1');
    expect(await s429.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });

    ai.mode('ok');
    expect((await chat(request)).status).toBe(200);
  });

  it('a mode with a count applies to the next N requests only', async () => {
    ai.mode('status500', 2);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await chat(request);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([500, 500, 200]);
  });

  it("mode('timeout') never answers, and close() still returns promptly", async () => {
    ai.mode('timeout');
    await expect(chat(request, { signal: AbortSignal.timeout(150) })).rejects.toThrow(/aborted|timeout/i);

    const hanging = chat(request).catch((e: unknown) => e);
    while (ai.httpRequests.length < 2) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    await ai.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await hanging).toBeInstanceOf(TypeError);
  });

  it('streams server-sent events when asked to', async () => {
    ai.respondWith('streamed text');
    const res = await chat({ ...request, stream: true });
    const text = await res.text();

    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = text
      .split('\n\n')
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const content = events
      .slice(0, -1)
      .map(
        (e) =>
          (JSON.parse(e) as { choices: { delta: { content?: string } }[] }).choices[0]!.delta.content ?? '',
      )
      .join('');
    expect(content).toBe('streamed text');
  });

  it('lists models on /v1/models and /models', async () => {
    const res = await fetch(`${ai.baseUrl}/models`, { headers: { authorization: `Bearer ${API_KEY}` } });
    const json = (await res.json()) as { object: string; data: { id: string; object: string }[] };
    expect(json.object).toBe('list');
    expect(json.data.map((m) => m.id)).toContain('gpt-4o-mini');
    expect(json.data[0]!.object).toBe('model');

    const bare = await fetch(`${ai.url}/models`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(bare.status).toBe(200);
    await bare.arrayBuffer();
  });

  it('waitForRequest resolves when a matching request arrives', async () => {
    const waiting = ai.waitForRequest((r) => r.model === 'gpt-4o-mini', 2000);
    await (await chat(request)).arrayBuffer();
    await expect(waiting).resolves.toMatchObject({ model: 'gpt-4o-mini' });
  });
});
