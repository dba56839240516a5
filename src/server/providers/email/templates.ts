/**
 * The account emails, each as plain text and HTML, in the member's language when a dictionary
 * exists (else English). Values are escaped in the HTML part.
 */
import {
  EMAIL_DICTIONARIES,
  EMAIL_LANGUAGES,
  type EmailDictionary,
  type EmailLanguage,
} from './dictionaries';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The first supported language of a stored preference or an Accept-Language header. */
export function pickEmailLanguage(...candidates: (string | null | undefined)[]): EmailLanguage {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const tags = candidate
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => /^\s*q=([0-9.]+)/.exec(p)?.[1]).find(Boolean);
        return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const { lang, q } of tags) {
      if (q > 0 && (EMAIL_LANGUAGES as readonly string[]).includes(lang)) return lang as EmailLanguage;
    }
  }
  return 'en';
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'code'; label: string; code: string }
  | { kind: 'button'; label: string; href: string };

function compose(lang: EmailLanguage, name: string, subject: string, blocks: Block[]): RenderedEmail {
  const d = EMAIL_DICTIONARIES[lang];
  const greeting = fill(d.greeting, { name });
  const textBlocks = blocks.map((b) =>
    b.kind === 'p' ? b.text : b.kind === 'code' ? `${b.label}: ${b.code}` : `${b.label}: ${b.href}`,
  );
  const text = [greeting, ...textBlocks, d.signature, '--', d.footer].join('\n\n');
  const htmlBlocks = blocks.map((b) => {
    if (b.kind === 'p') return `<p style="margin:0 0 16px">${escapeHtml(b.text)}</p>`;
    if (b.kind === 'code') {
      return `<p style="margin:0 0 16px"><span style="display:block;font-size:13px;color:#555">${escapeHtml(b.label)}</span><strong style="font-size:28px;letter-spacing:6px;font-family:monospace">${escapeHtml(b.code)}</strong></p>`;
    }
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(b.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(b.href)}</p>`;
  });
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="margin:0 0 16px;font-weight:bold;font-size:18px">Lexwatch</p>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlBlocks.join('\n')}
<p style="margin:0 0 16px">${escapeHtml(d.signature)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(d.footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}

const dict = (lang: EmailLanguage): EmailDictionary => EMAIL_DICTIONARIES[lang];

export function verificationCodeEmail(
  lang: EmailLanguage,
  p: { firstName: string; code: string; minutes: number },
) {
  const d = dict(lang).verification;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: d.intro },
    { kind: 'code', label: d.codeLabel, code: p.code },
    { kind: 'p', text: fill(d.expiry, { minutes: p.minutes }) },
    { kind: 'p', text: d.ignore },
  ]);
}

export function passwordResetEmail(
  lang: EmailLanguage,
  p: { firstName: string; link: string; minutes: number },
) {
  const d = dict(lang).passwordReset;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: d.intro },
    { kind: 'button', label: d.button, href: p.link },
    { kind: 'p', text: fill(d.expiry, { minutes: p.minutes }) },
    { kind: 'p', text: d.ignore },
  ]);
}

export function registrationAttemptEmail(lang: EmailLanguage, p: { firstName: string; signInLink: string }) {
  const d = dict(lang).registrationAttempt;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: d.intro },
    { kind: 'p', text: d.ifYou },
    { kind: 'button', label: d.signIn, href: p.signInLink },
    { kind: 'p', text: d.ifNotYou },
  ]);
}

export function passwordChangedEmail(lang: EmailLanguage, p: { firstName: string; resetLink: string }) {
  const d = dict(lang).passwordChanged;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: d.intro },
    { kind: 'p', text: d.sessions },
    { kind: 'p', text: fill(d.ifNotYou, { link: p.resetLink }) },
  ]);
}

export function emailChangeCodeEmail(
  lang: EmailLanguage,
  p: { firstName: string; newEmail: string; code: string; minutes: number },
) {
  const d = dict(lang).emailChangeCode;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: fill(d.intro, { email: p.newEmail }) },
    { kind: 'code', label: d.codeLabel, code: p.code },
    { kind: 'p', text: fill(d.expiry, { minutes: p.minutes }) },
    { kind: 'p', text: d.ignore },
  ]);
}

export function emailChangedEmail(
  lang: EmailLanguage,
  p: { firstName: string; newEmail: string; resetLink: string },
) {
  const d = dict(lang).emailChanged;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: fill(d.intro, { email: p.newEmail }) },
    { kind: 'p', text: fill(d.ifNotYou, { link: p.resetLink }) },
  ]);
}

export function accountDeletedEmail(lang: EmailLanguage, p: { firstName: string }) {
  const d = dict(lang).accountDeleted;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: d.intro },
    { kind: 'p', text: d.kept },
    { kind: 'p', text: d.goodbye },
  ]);
}

export function trialEndingEmail(lang: EmailLanguage, p: { firstName: string; date: string; link: string }) {
  const d = dict(lang).trialEnding;
  return compose(lang, p.firstName, fill(d.subject, { date: p.date }), [
    { kind: 'p', text: fill(d.intro, { date: p.date }) },
    { kind: 'p', text: d.keep },
    { kind: 'button', label: d.button, href: p.link },
  ]);
}

export function trialExpiredEmail(lang: EmailLanguage, p: { firstName: string; link: string }) {
  const d = dict(lang).trialExpired;
  return compose(lang, p.firstName, d.subject, [
    { kind: 'p', text: d.intro },
    { kind: 'p', text: d.keep },
    { kind: 'button', label: d.button, href: p.link },
  ]);
}
