/**
 * The answers a member's page comes with (shared/early-answers.ts): the server asks itself for the
 * screen's first GET requests, with the member's own cookie, address and language, through the
 * whole request pipeline (session, limits, validation), so an answer is exactly what the browser
 * would have been sent. Only answers that are ready within a short wait and are 200 JSON go in;
 * the page asks for any other itself.
 *
 * Each answer is written as it came, in a `<script type="application/json">` that no browser runs.
 * JSON can hold `<` only inside a string, where `\u003c` means the same: so no answer can close
 * the element, whatever text a record holds.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EARLY_ANSWER_ATTRIBUTE, SESSION_URL, firstRequests } from '#shared/early-answers';

/** How long the page waits for its answers (ms); slower ones are left to the browser. */
export const EARLY_ANSWER_WAIT_MS = 500;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An answer's JSON text, safe inside a script element (see above). */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

/** The elements holding the answers. */
export function answerElements(answers: readonly (readonly [string, string])[]): string {
  return answers
    .map(
      ([url, json]) =>
        `<script type="application/json" ${EARLY_ANSWER_ATTRIBUTE}="${escapeAttribute(url)}">${scriptSafeJson(json)}</script>`,
    )
    .join('');
}

/**
 * The screen's first answers for this member, as [url, JSON text]: none when the session is not a
 * member's (an expired cookie) or the screen asks for nothing known.
 */
export async function earlyAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<[string, string][]> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { cookie, authorization } = request.headers;
  const language = request.headers['accept-language'];
  if (cookie) headers.cookie = cookie;
  if (authorization) headers.authorization = authorization;
  if (language) headers['accept-language'] = language;
  const ask = async (url: string): Promise<string | null> => {
    try {
      const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      const json = res.statusCode === 200 && /^application\/json\b/.test(String(res.headers['content-type']));
      return json ? res.body : null;
    } catch (error) {
      request.log.warn({ err: error, url }, 'early answer failed');
      return null;
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), EARLY_ANSWER_WAIT_MS);
  });
  try {
    const session = await Promise.race([ask(SESSION_URL), deadline]);
    if (!session) return [];
    let memberLanguage = 'en';
    try {
      const parsed = JSON.parse(session) as { language?: unknown };
      if (typeof parsed.language === 'string') memberLanguage = parsed.language;
    } catch {
      return [];
    }
    const urls = firstRequests(path, memberLanguage);
    // each answer that is ready by the deadline; the page asks for the others itself
    const ready = new Map<string, string>();
    await Promise.race([
      Promise.all(
        urls.map(async (url) => {
          const body = await ask(url);
          if (body !== null) ready.set(url, body);
        }),
      ),
      deadline,
    ]);
    return [
      [SESSION_URL, session],
      ...urls.flatMap((url) => (ready.has(url) ? [[url, ready.get(url)!] as [string, string]] : [])),
    ];
  } finally {
    clearTimeout(timer);
  }
}
