/** The emails and in-app texts of compliance teams: an invitation, and an @mention in a comment. */
import { renderEmail, type RenderedEmail } from './email';
import { t, type MessageLanguage } from './i18n';

export function teamInviteEmail(input: {
  lang: MessageLanguage;
  appUrl: string;
  orgName: string;
  inviter: string;
  role: string;
  token: string;
  days: number;
}): RenderedEmail {
  const { lang, orgName, inviter } = input;
  const role = t(lang, `teams.roles.${input.role}`);
  return renderEmail({
    lang,
    subject: t(lang, 'teams.invite.subject', { org: orgName }),
    blocks: [
      { kind: 'p', text: t(lang, 'teams.invite.invited', { inviter, org: orgName, role }) },
      {
        kind: 'button',
        label: t(lang, 'teams.invite.button'),
        href: `${input.appUrl}/team/join?token=${encodeURIComponent(input.token)}`,
      },
      { kind: 'p', text: t(lang, 'teams.invite.expiry', { count: input.days }) },
      { kind: 'p', text: t(lang, 'teams.invite.noPlan') },
    ],
    signed: true,
  });
}

export function mentionEmail(input: {
  lang: MessageLanguage;
  appUrl: string;
  firstName: string;
  author: string;
  itemTitle: string;
  legalChangeId: number;
  excerpt: string;
}): RenderedEmail {
  const { lang, author } = input;
  const item = input.itemTitle;
  return renderEmail({
    lang,
    subject: t(lang, 'teams.mention.subject', { author, item }),
    name: input.firstName,
    blocks: [
      { kind: 'p', text: t(lang, 'teams.mention.mentioned', { author, item }) },
      { kind: 'p', text: input.excerpt },
      {
        kind: 'button',
        label: t(lang, 'teams.mention.button'),
        href: `${input.appUrl}/legal-change/${input.legalChangeId}`,
      },
    ],
    signed: true,
  });
}

/** The in-app notification of a mention. */
export function mentionNotice(lang: MessageLanguage, author: string, item: string, excerpt: string) {
  return {
    title: t(lang, 'teams.mention.noticeTitle', { author }),
    message: t(lang, 'teams.mention.noticeMessage', { item, excerpt }),
  };
}
