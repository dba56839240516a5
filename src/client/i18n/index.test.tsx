import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DICTIONARY_LOADERS } from './dictionaries';
import { changeLanguage, dictionaries, useTranslation } from './index';
import type { Dictionary } from './translate';
import { Trans, renderMarkup } from './trans';

function Probe() {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t('dashboard.list.count', { count: 3 })} / {t('dashboard.welcome', { name: 'Ada' })} /{' '}
      {String(i18n.exists('app.name'))}
    </p>
  );
}

const german: Dictionary = {
  dashboard: { list: { count_one: '{{count}} Eintrag', count_other: '{{count}} Einträge' } },
};
const later = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

const shipped = { ...DICTIONARY_LOADERS };

afterEach(async () => {
  await changeLanguage('en');
  Object.assign(DICTIONARY_LOADERS, shipped);
  delete dictionaries.de;
  delete dictionaries.fr;
});

describe('useTranslation', () => {
  it('renders English messages', () => {
    expect(renderToStaticMarkup(<Probe />)).toBe('<p lang="en">3 items / Welcome back, Ada. / true</p>');
  });

  it('loads a dictionary on demand and falls back to English for missing messages', async () => {
    let loads = 0;
    DICTIONARY_LOADERS.de = () => {
      loads++;
      return Promise.resolve({ default: german });
    };
    await changeLanguage('de');
    expect(renderToStaticMarkup(<Probe />)).toBe('<p lang="de">3 Einträge / Welcome back, Ada. / true</p>');
    await changeLanguage('en');
    await changeLanguage('de');
    expect(loads).toBe(1);
  });

  it('has a dictionary of its own for each of the twelve languages', async () => {
    await changeLanguage('ja');
    expect(renderToStaticMarkup(<Probe />)).not.toContain('Welcome back');
    expect(renderToStaticMarkup(<Probe />)).toContain('lang="ja"');
    await changeLanguage('ar');
    expect(renderToStaticMarkup(<Probe />)).not.toContain('Welcome back');
  });

  it('keeps English when a dictionary is unavailable, and its code as the language', async () => {
    delete DICTIONARY_LOADERS.fr;
    await changeLanguage('fr');
    expect(renderToStaticMarkup(<Probe />)).toBe('<p lang="fr">3 items / Welcome back, Ada. / true</p>');
  });

  it('lets the latest choice win when an earlier dictionary arrives late', async () => {
    DICTIONARY_LOADERS.fr = () => later().then(() => ({ default: {} }));
    DICTIONARY_LOADERS.de = () => Promise.resolve({ default: german });
    const french = changeLanguage('fr');
    await changeLanguage('de');
    await french;
    expect(renderToStaticMarkup(<Probe />)).toContain('lang="de"');
  });
});

describe('Trans', () => {
  it('replaces tags with the given components', () => {
    const html = renderToStaticMarkup(
      <Trans
        i18nKey="auth.signUp.agreement"
        components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" className="x" /> }}
      />,
    );
    expect(html).toBe(
      'By creating an account you agree to our <a href="/terms">Terms of Service</a> and <a href="/privacy" class="x">Privacy Policy</a>.',
    );
  });

  it('nests tags, keeps self-closing components and leaves unknown or unbalanced tags as text', () => {
    const render = (message: string) =>
      renderToStaticMarkup(
        <>{renderMarkup(message, { b: <strong />, i: <em />, br: <br />, icon: <span>★</span> })}</>,
      );
    expect(render('a <b>bold <i>and</i> more</b> z')).toBe('a <strong>bold <em>and</em> more</strong> z');
    expect(render('one<br/>two <icon />')).toBe('one<br/>two <span>★</span>');
    expect(render('<u>x</u> <b>open')).toBe('&lt;u&gt;x&lt;/u&gt; &lt;b&gt;open');
    expect(render('x</b>')).toBe('x&lt;/b&gt;');
  });
});
