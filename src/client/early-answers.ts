/**
 * Runs before the page's entry on a member's page that came with early answers
 * (shared/early-answers.ts): the first GET request for each answered URL is answered from the
 * page, once, instead of over the network. Any other request, a second one for the same URL, or
 * one made after the answers have gone stale goes to the network as always; once every answer is
 * taken (or stale), `fetch` is the browser's own again.
 */
import { EARLY_ANSWER_ATTRIBUTE, EARLY_ANSWER_FRESH_MS } from '#shared/early-answers';

const answers = new Map<string, string>();
for (const element of document.querySelectorAll<HTMLScriptElement>(`script[${EARLY_ANSWER_ATTRIBUTE}]`)) {
  const url = element.getAttribute(EARLY_ANSWER_ATTRIBUTE);
  if (url) answers.set(url, element.text);
  element.remove();
}

if (answers.size > 0) {
  const network = window.fetch;
  const restore = () => {
    answers.clear();
    if (window.fetch === answering) window.fetch = network;
  };
  const take = (input: RequestInfo | URL, init?: RequestInit): string | undefined => {
    if (typeof input !== 'string' || (init?.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
    if (performance.now() > EARLY_ANSWER_FRESH_MS) return undefined;
    const text = answers.get(input);
    answers.delete(input);
    return text;
  };
  const answering: typeof window.fetch = (input, init) => {
    const text = take(input, init);
    if (answers.size === 0 || performance.now() > EARLY_ANSWER_FRESH_MS) restore();
    if (text === undefined) return network.call(window, input, init);
    if (init?.signal?.aborted) return Promise.reject(init.signal.reason);
    return Promise.resolve(
      new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
  };
  window.fetch = answering;
  window.setTimeout(restore, EARLY_ANSWER_FRESH_MS);
}
