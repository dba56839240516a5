/**
 * The one email layout: every email the service sends (account, alerts, digests, trial
 * notices, team-chat notices, administrator tests) is a list of blocks rendered here twice, as
 * plain text and as HTML, in the member's language. Every value is escaped in the HTML part
 * (`escapeHtml`, the only one in the server); the HTML carries `lang` and, for Arabic,
 * `dir="rtl"`, with links and codes kept left to right inside it.
 */
import { directionOf, t, type MessageLanguage } from './i18n';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** `&`, `<`, `>`, `"` and `'` as entities: safe in element content and in quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * One part of an email. `linked` is a message with `<link>…</link>` around the words that link
 * to `href` (the text part says the address after it).
 */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'code'; label: string; code: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'linked'; text: string; href: string }
  | { kind: 'list'; items: { title: string; href: string; detail?: string }[] };

export interface EmailFooter {
  /** the footer's sentence */
  note: string;
  /** links under it (alert emails: manage alerts, unsubscribe) */
  links?: { label: string; href: string }[];
}

export interface EmailInput {
  lang: MessageLanguage;
  subject: string;
  /** the member's first name for the greeting; no greeting without it */
  name?: string | null;
  blocks: Block[];
  /** "The Lexwatch team" under the blocks */
  signed?: boolean;
  footer?: EmailFooter;
}

const LINK = /<link>([\s\S]*?)<\/link>/;
const stripLink = (text: string) => text.replace(LINK, '$1');

/** Left-to-right islands (addresses, codes) inside a right-to-left email. */
const ltr = (lang: MessageLanguage, html: string) =>
  directionOf(lang) === 'rtl' ? `<span dir="ltr">${html}</span>` : html;

function textOf(lang: MessageLanguage, block: Block): string {
  const labelled = (label: string, value: string) => t(lang, 'common.labelled', { label, value });
  switch (block.kind) {
    case 'heading':
    case 'p':
      return block.text;
    case 'code':
      return labelled(block.label, block.code);
    case 'button':
      return labelled(block.label, block.href);
    case 'linked':
      return labelled(stripLink(block.text), block.href);
    case 'list':
      return block.items
        .map((i) => [`• ${i.title}`, ...(i.detail ? [`  ${i.detail}`] : []), `  ${i.href}`].join('\n'))
        .join('\n');
  }
}

const P = 'margin:0 0 16px';

function htmlOf(lang: MessageLanguage, block: Block): string {
  const lines = (text: string) => text.split('\n').map(escapeHtml).join('<br>');
  switch (block.kind) {
    case 'heading':
      return `<h2 style="margin:0 0 16px;font-size:18px">${escapeHtml(block.text)}</h2>`;
    case 'p':
      return `<p style="${P}">${lines(block.text)}</p>`;
    case 'code':
      return `<p style="${P}"><span style="display:block;font-size:13px;color:#555">${escapeHtml(block.label)}</span><strong dir="ltr" style="font-size:28px;letter-spacing:6px;font-family:monospace">${escapeHtml(block.code)}</strong></p>`;
    case 'button':
      return (
        `<p style="${P}"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p>` +
        `<p style="${P};font-size:13px;color:#555;word-break:break-all">${ltr(lang, escapeHtml(block.href))}</p>`
      );
    case 'linked': {
      if (!LINK.test(block.text)) return `<p style="${P}">${lines(block.text)}</p>`;
      const [before = '', inside = '', after = ''] = block.text.split(/<link>|<\/link>/);
      return `<p style="${P}">${escapeHtml(before)}<a href="${escapeHtml(block.href)}">${escapeHtml(inside)}</a>${escapeHtml(after)}</p>`;
    }
    case 'list':
      return `<ul style="margin:0 0 16px;padding-inline-start:20px">${block.items
        .map(
          (i) =>
            `<li style="margin:0 0 8px"><a href="${escapeHtml(i.href)}">${escapeHtml(i.title)}</a>${i.detail ? `<br>${lines(i.detail)}` : ''}</li>`,
        )
        .join('')}</ul>`;
  }
}

/** The email as plain text and HTML. */
export function renderEmail(input: EmailInput): RenderedEmail {
  const { lang, subject, blocks, footer } = input;
  const dir = directionOf(lang);
  const greeting = input.name ? t(lang, 'common.greeting', { name: input.name }) : null;
  const signature = input.signed ? t(lang, 'common.signature') : null;

  const textParts = [greeting, ...blocks.map((b) => textOf(lang, b)), signature].filter(
    (part): part is string => part !== null,
  );
  if (footer) {
    const links = (footer.links ?? []).map((l) =>
      t(lang, 'common.labelled', { label: l.label, value: l.href }),
    );
    textParts.push(['--', footer.note, ...links].join('\n'));
  }
  const text = `${textParts.join('\n\n')}\n`;

  const footerHtml = footer
    ? `<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(footer.note)}${(
        footer.links ?? []
      )
        .map((l) => `<br><a href="${escapeHtml(l.href)}" style="color:#78716c">${escapeHtml(l.label)}</a>`)
        .join('')}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px;text-align:${dir === 'rtl' ? 'right' : 'left'}">
<p style="${P};font-weight:bold;font-size:18px">Lexwatch</p>
${greeting ? `<p style="${P}">${escapeHtml(greeting)}</p>\n` : ''}${blocks.map((b) => htmlOf(lang, b)).join('\n')}
${signature ? `<p style="${P}">${escapeHtml(signature)}</p>\n` : ''}${footerHtml}
</div></body></html>`;
  return { subject, text, html };
}
