/** The alert, digest and round-up text messages, in the member's language. */
import { alertLink, type AlertLine } from './alert-line';
import { t, type MessageLanguage } from './i18n';
import { fitSms, shorten } from './sms';

/** Every alert text ends with how to stop texts. */
const withStop = (lang: MessageLanguage, appUrl: string, body: string) =>
  `${body} ${t(lang, 'sms.stop', { link: `${appUrl}/preferences` })}`;

/**
 * The segments an alert text may take: two in GSM-7 (306 characters), three in UCS-2 (201
 * UTF-16 units: Japanese, Arabic, Russian… where two would leave no room for the title).
 */
export const ALERT_SMS_SEGMENTS = { gsm: 2, ucs2: 3 };

/** One alert as a text message (kept within ALERT_SMS_SEGMENTS). */
export function alertSms(appUrl: string, alert: AlertLine, lang: MessageLanguage = 'en'): string {
  const link = alertLink(appUrl, alert);
  return fitSms(
    ([title = '', message = '']) => withStop(lang, appUrl, t(lang, 'sms.alert', { title, message, link })),
    [shorten(alert.title, 90), shorten(alert.message, 70)],
    ALERT_SMS_SEGMENTS,
  );
}

/** The digest's one text message. */
export function digestSms(
  appUrl: string,
  period: 'daily' | 'weekly',
  count: number,
  lang: MessageLanguage = 'en',
): string {
  const key = period === 'daily' ? 'sms.digestDaily' : 'sms.digestWeekly';
  return fitSms(
    () => withStop(lang, appUrl, t(lang, key, { count, link: `${appUrl}/` })),
    [],
    ALERT_SMS_SEGMENTS,
  );
}

/** The morning round-up text: the alerts held since the member's last alert text. */
export function roundupSms(
  appUrl: string,
  count: number,
  first: AlertLine,
  lang: MessageLanguage = 'en',
): string {
  const link = `${appUrl}/`;
  return fitSms(
    ([title = '']) =>
      withStop(
        lang,
        appUrl,
        count > 1
          ? t(lang, 'sms.roundupMore', { total: count, count: count - 1, title, link })
          : t(lang, 'sms.roundupSingle', { title, link }),
      ),
    [shorten(first.title, 70)],
    ALERT_SMS_SEGMENTS,
  );
}
