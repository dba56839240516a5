/** The small HTML pages of one-click unsubscribe, in the reader's language. */
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '#server/messages/email';
import { directionOf, t, type MessageLanguage } from '#server/messages/i18n';

/** A message with `<link>…</link>` around the words that link to `href`, as HTML. */
function linked(message: string, href: string): string {
  const [before = '', inside = '', after = ''] = message.split(/<link>|<\/link>/);
  return `${escapeHtml(before)}<a href="${escapeHtml(href)}">${escapeHtml(inside)}</a>${escapeHtml(after)}`;
}

function page(reply: FastifyReply, lang: MessageLanguage, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(title)} – Lexwatch</title></head><body style="font-family:Arial,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/** 400: the link is malformed or forged. */
export const invalidLinkPage = (reply: FastifyReply, lang: MessageLanguage) =>
  page(
    reply,
    lang,
    400,
    t(lang, 'unsubscribe.invalidTitle'),
    `<p>${linked(t(lang, 'unsubscribe.invalidBody'), '/preferences')}</p>`,
  );

/** The visible link's page: one button that makes the one-click POST. */
export function confirmPage(reply: FastifyReply, lang: MessageLanguage, token: string) {
  const action = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
  return page(
    reply,
    lang,
    200,
    t(lang, 'unsubscribe.confirmTitle'),
    `<p>${escapeHtml(t(lang, 'unsubscribe.confirmBody'))}</p>` +
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit" style="font-size:1rem;padding:.5rem 1rem">${escapeHtml(t(lang, 'unsubscribe.button'))}</button></form>` +
      `<p><a href="/preferences">${escapeHtml(t(lang, 'unsubscribe.manageAll'))}</a></p>`,
  );
}

export const donePage = (reply: FastifyReply, lang: MessageLanguage) =>
  page(
    reply,
    lang,
    200,
    t(lang, 'unsubscribe.doneTitle'),
    `<p>${linked(t(lang, 'unsubscribe.doneBody'), '/preferences?unsubscribed=1')}</p>`,
  );
