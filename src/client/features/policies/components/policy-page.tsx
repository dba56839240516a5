import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PublicPage } from '#client/app/public-page';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { type PolicyKey, POLICY_DATE, usePolicyText } from '#client/i18n/policy-text';
import { PolicyBody } from './policy-body';
import { useFormat } from '#client/lib/format';

export type PolicyName = 'terms' | 'privacy' | 'cookies';

/** `whoWeAre` → `who-we-are`: the section's anchor. */
const anchorOf = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The frame of the terms, privacy and cookie policy pages: title, date, a table of contents
 * linking to each numbered section (an `<h2>` with its own anchor), and the sections' texts from
 * the policy dictionary; `extra` adds content under a section's text (e.g. the cookie list).
 */
export function PolicyPage({
  name,
  sections,
  extra = {},
}: {
  name: PolicyName;
  sections: readonly string[];
  extra?: Partial<Record<string, ReactNode>>;
}) {
  const { p } = usePolicyText();
  const format = useFormat();
  const title = p(`${name}.title` as PolicyKey);
  useDocumentTitle(title);
  useScrollToHash();
  const updated = format.date(POLICY_DATE, 'long');
  const heading = (id: string) => p(`${name}.sections.${id}.title` as PolicyKey);
  return (
    <PublicPage>
      <article className="container-page max-w-3xl py-10 sm:py-12">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{p('common.updated', { date: updated })}</p>
        <p className="mt-4 text-lg text-muted-foreground">{p(`${name}.intro` as PolicyKey)}</p>
        <nav aria-labelledby="policy-contents" className="mt-8 rounded-lg border bg-muted/40 p-4 sm:p-5">
          <p id="policy-contents" className="font-semibold">
            {p('common.contents')}
          </p>
          <ol className="mt-2 list-decimal ps-6 sm:columns-2 sm:gap-x-10 [&>li]:mb-1 [&>li]:break-inside-avoid">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${anchorOf(id)}`}
                  className="text-primary underline-offset-4 hover:underline focus-visible:underline"
                >
                  {heading(id)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((id, index) => (
          <section key={id} aria-labelledby={`${anchorOf(id)}-title`} className="mt-10">
            <h2
              id={`${anchorOf(id)}-title`}
              className="mb-3 scroll-mt-24 text-xl font-semibold tracking-tight"
            >
              <span id={anchorOf(id)} className="scroll-mt-24">
                {index + 1}. {heading(id)}
              </span>
            </h2>
            <PolicyBody text={p(`${name}.sections.${id}.body` as PolicyKey)} />
            {extra[id]}
          </section>
        ))}
      </article>
    </PublicPage>
  );
}

/** The page arrives after its code loads: bring an anchor in the address (/terms#liability) into view. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash]);
}
