/** The OpenAI-compatible API's answers: completions, errors and the failure modes. */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FakeResponse } from './http-fake-types';

export type OpenAiMode = 'ok' | 'malformedJson' | 'timeout' | 'unauthorized' | 'status500' | 'rateLimited';

export interface ChatMessage {
  role: string;
  content: unknown;
  [key: string]: unknown;
}

export interface ChatRequest {
  path: string;
  model: string;
  messages: ChatMessage[];
  response_format: unknown;
  temperature: unknown;
  /** The whole parsed request body. */
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export type ChatContent = string | object;
export type ChatResponder = ChatContent | ((request: ChatRequest) => ChatContent);

export function openAiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
): FakeResponse {
  return { status, json: { error: { message, type, param: null, code } } };
}

/** Rough token count (about four characters per token), enough for usage figures. */
function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function randomId(prefix: string): string {
  return `${prefix}${randomBytes(15).toString('base64url')}`;
}

export function invalidKey(key: string): FakeResponse {
  const shown = key.length > 8 ? `${key.slice(0, 3)}*********${key.slice(-4)}` : key;
  return openAiError(
    401,
    `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    'invalid_request_error',
    'invalid_api_key',
  );
}

export function modeFailure(mode: OpenAiMode): FakeResponse | null {
  switch (mode) {
    case 'ok':
    case 'malformedJson':
      return null;
    case 'timeout':
      return { hang: true };
    case 'unauthorized':
      return invalidKey('sk-revoked-key');
    case 'status500':
      return openAiError(
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
      );
    case 'rateLimited': {
      const res = openAiError(
        429,
        'Rate limit reached for requests. Please try again in 1s.',
        'requests',
        'rate_limit_exceeded',
      );
      res.headers = { 'retry-after': '1', 'x-ratelimit-remaining-requests': '0' };
      return res;
    }
  }
}

/** A chat completion as the API answers it: one JSON body, or a stream of chunks when asked to stream. */
export function completionResponse(
  request: ChatRequest,
  content: string,
  stream: boolean,
  mode: OpenAiMode,
): FakeResponse {
  const promptTokens = estimateTokens(JSON.stringify(request.messages));
  const completionTokens = estimateTokens(content);
  const id = randomId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const headers = { 'x-request-id': randomId('req_'), 'openai-processing-ms': '12' };

  if (stream) {
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: request.model,
        system_fingerprint: 'fp_lexwatchfake',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    const stream =
      chunk({ role: 'assistant', content: '', refusal: null }, null) +
      chunk({ content }, null) +
      chunk({}, 'stop') +
      'data: [DONE]\n\n';
    return {
      status: 200,
      headers: { ...headers, 'content-type': 'text/event-stream; charset=utf-8' },
      body: stream,
    };
  }

  const completion = {
    id,
    object: 'chat.completion',
    created,
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: 'default',
    system_fingerprint: 'fp_lexwatchfake',
  };
  const text = JSON.stringify(completion);
  if (mode === 'malformedJson') {
    return {
      status: 200,
      headers: { ...headers, 'content-type': 'application/json' },
      body: text.slice(0, Math.floor(text.length / 2)),
    };
  }
  return { status: 200, headers, json: completion };
}
