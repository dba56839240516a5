/** The email inviting someone to become an administrator, through the one email layout. */
import { renderEmail, type RenderedEmail } from './email';
import { t, type MessageLanguage } from './i18n';

export function adminInviteEmail(lang: MessageLanguage, v: { link: string; days: number }): RenderedEmail {
  return renderEmail({
    lang,
    subject: t(lang, 'adminInvite.subject'),
    blocks: [
      { kind: 'p', text: t(lang, 'adminInvite.intro') },
      { kind: 'button', label: t(lang, 'adminInvite.button'), href: v.link },
      { kind: 'p', text: t(lang, 'adminInvite.expiry', { count: v.days }) },
      { kind: 'p', text: t(lang, 'adminInvite.ignore') },
    ],
    signed: true,
    footer: { note: t(lang, 'adminInvite.footer') },
  });
}
