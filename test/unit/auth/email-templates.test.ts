import { describe, expect, it } from 'vitest';
import {
  passwordChangedEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  verificationCodeEmail,
} from '#server/messages/account-emails';
import { MESSAGE_LANGUAGES, pickLanguage } from '#server/messages/i18n';

describe('account email templates', () => {
  it.each([
    [['fr'], 'fr'],
    [['de-AT,de;q=0.9'], 'de'],
    [['sv-SE,es;q=0.8,en;q=0.5'], 'es'],
    [['ja', 'es'], 'ja'],
    [['zh-CN,zh;q=0.9'], 'zh'],
    [['pt-BR'], 'pt'],
    [['en;q=0,fr;q=0.1'], 'fr'],
    [[null, undefined, 'zz'], 'en'],
  ])('picks the language of %j → %s', (candidates, lang) => {
    expect(pickLanguage(...(candidates as string[]))).toBe(lang);
  });

  it.each([...MESSAGE_LANGUAGES])('writes every email as text and HTML in %s', (lang) => {
    const emails = [
      verificationCodeEmail(lang, { firstName: 'Ada', code: '042917', minutes: 15 }),
      passwordResetEmail(lang, {
        firstName: 'Ada',
        link: 'https://lexwatch.example/reset-password?token=abc',
        minutes: 60,
      }),
      registrationAttemptEmail(lang, {
        firstName: 'Ada',
        signInLink: 'https://lexwatch.example/auth?action=signin',
      }),
      passwordChangedEmail(lang, { firstName: 'Ada', resetLink: 'https://lexwatch.example/auth' }),
    ];
    for (const email of emails) {
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.text).toContain('Ada');
      expect(email.html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(email.text).not.toMatch(/\{\{?\w+\}\}?/);
      expect(email.html).not.toMatch(/\{\{?\w+\}\}?/);
    }
    expect(emails[0]!.text).toContain('042917');
    expect(emails[0]!.html).toContain('042917');
    expect(emails[1]!.text).toContain('https://lexwatch.example/reset-password?token=abc');
    expect(emails[1]!.html).toContain('href="https://lexwatch.example/reset-password?token=abc"');
  });

  it('escapes names in the HTML part', () => {
    const email = verificationCodeEmail('en', {
      firstName: '<script>alert(1)</script>',
      code: '123456',
      minutes: 15,
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
  });
});
