/**
 * An OpenAI-compatible chat completions API on 127.0.0.1.
 *
 *   POST {url}/v1/chat/completions   (also {url}/chat/completions, for clients whose base URL ends in /v1)
 *   GET  {url}/v1/models             (also {url}/models)
 *
 * Bearer authentication with the configured key. The assistant's reply is whatever the test sets with
 * `respondWith()` (objects are sent as JSON text, as a model answering a JSON response_format would);
 * `mode()` switches to failures: malformed JSON bodies, hangs, 401s, 500s and 429s.
 */
import { startHttpFake, type FakeRequest, type FakeResponse } from './http-fake';
import {
  completionResponse,
  invalidKey,
  modeFailure,
  openAiError,
  type ChatMessage,
  type ChatRequest,
  type ChatResponder,
  type OpenAiMode,
} from './openai-answers';

export type { ChatContent, ChatMessage, ChatRequest, ChatResponder, OpenAiMode } from './openai-answers';

export interface OpenAiFake {
  readonly url: string;
  /** `${url}/v1`, the usual base URL for OpenAI clients. */
  readonly baseUrl: string;
  readonly port: number;
  /** Chat completion requests that passed authentication and validation, in order. */
  readonly requests: readonly ChatRequest[];
  /** Every HTTP request received. */
  readonly httpRequests: readonly FakeRequest[];
  /** Sets the assistant reply for every following request. */
  respondWith(content: ChatResponder): void;
  /** Queues a reply for the next request only (queued replies are used before respondWith's). */
  respondOnce(content: ChatResponder): void;
  /** Switches failure mode; with `times`, only for the next N requests, then back to the previous mode. */
  mode(mode: OpenAiMode, times?: number): void;
  waitForRequest(predicate?: (r: ChatRequest) => boolean, timeoutMs?: number): Promise<ChatRequest>;
  reset(): void;
  close(): Promise<void>;
}

export async function startOpenAiFake(options: {
  apiKey: string;
  port?: number;
  models?: string[];
}): Promise<OpenAiFake> {
  const http = await startHttpFake({ port: options.port });
  const models = options.models ?? ['gpt-4o-mini', 'gpt-4.1-mini', 'gpt-4o'];
  let responder: ChatResponder = 'OK';
  let once: ChatResponder[] = [];
  let baseMode: OpenAiMode = 'ok';
  let temporary: { mode: OpenAiMode; remaining: number } | null = null;
  let requests: ChatRequest[] = [];
  const waiters = new Set<{ check: () => boolean; fail: (err: Error) => void }>();

  function currentMode(): OpenAiMode {
    if (temporary && temporary.remaining > 0) {
      temporary.remaining--;
      const mode = temporary.mode;
      if (temporary.remaining === 0) temporary = null;
      return mode;
    }
    return baseMode;
  }

  function authenticate(req: FakeRequest): FakeResponse | null {
    const header = req.headers.authorization;
    if (!header) {
      return openAiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        'invalid_request_error',
        null,
      );
    }
    const key = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (key !== options.apiKey) return invalidKey(key);
    return null;
  }

  function chat(req: FakeRequest): FakeResponse {
    const denied = authenticate(req);
    if (denied) return denied;
    const mode = currentMode();
    const failure = modeFailure(mode);
    if (failure) return failure;

    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return openAiError(
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
        'invalid_request_error',
        null,
      );
    }
    const input = body as Record<string, unknown>;
    if (typeof input.model !== 'string' || input.model === '') {
      return openAiError(
        400,
        "Missing required parameter: 'model'.",
        'invalid_request_error',
        'missing_required_parameter',
      );
    }
    if (!Array.isArray(input.messages) || input.messages.length === 0) {
      return openAiError(
        400,
        "Invalid 'messages': empty array. Expected an array with minimum length 1.",
        'invalid_request_error',
        'empty_array',
      );
    }
    const request: ChatRequest = {
      path: req.path,
      model: input.model,
      messages: input.messages as ChatMessage[],
      response_format: input.response_format,
      temperature: input.temperature,
      body: input,
      headers: req.headers,
    };
    requests.push(request);
    for (const waiter of [...waiters]) if (waiter.check()) waiters.delete(waiter);

    const next = once.length > 0 ? once.shift()! : responder;
    const produced = typeof next === 'function' ? next(request) : next;
    const content = typeof produced === 'string' ? produced : JSON.stringify(produced);
    return completionResponse(request, content, input.stream === true, mode);
  }

  function listModels(req: FakeRequest): FakeResponse {
    const denied = authenticate(req);
    if (denied) return denied;
    return {
      status: 200,
      json: {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' })),
      },
    };
  }

  http.on('POST', '/v1/chat/completions', chat);
  http.on('POST', '/chat/completions', chat);
  http.on('GET', '/v1/models', listModels);
  http.on('GET', '/models', listModels);

  return {
    url: http.url,
    baseUrl: `${http.url}/v1`,
    port: http.port,
    get requests() {
      return requests;
    },
    get httpRequests() {
      return http.requests;
    },
    respondWith(content) {
      responder = content;
    },
    respondOnce(content) {
      once.push(content);
    },
    mode(mode, times) {
      if (times === undefined) {
        baseMode = mode;
        temporary = null;
      } else {
        temporary = { mode, remaining: times };
      }
    },
    waitForRequest(predicate = () => true, timeoutMs = 5000) {
      const found = requests.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching chat request within ${timeoutMs} ms (received ${requests.length})`));
        }, timeoutMs);
        const waiter = {
          check: () => {
            const r = requests.find(predicate);
            if (!r) return false;
            clearTimeout(timer);
            resolve(r);
            return true;
          },
          fail: (err: Error) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        waiters.add(waiter);
      });
    },
    reset() {
      responder = 'OK';
      once = [];
      baseMode = 'ok';
      temporary = null;
      requests = [];
      http.clearRequests();
    },
    async close() {
      for (const waiter of waiters) waiter.fail(new Error('OpenAI fake closed'));
      waiters.clear();
      await http.close();
    },
  };
}
