import type { ReactNode } from 'react';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { PublicPage } from './public-page';

/** Frame of the terms, privacy and cookie policy pages. */
export function PolicyPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <PublicPage>
      <article className="container-page max-w-3xl py-12">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{intro}</p>
        {children}
      </article>
    </PublicPage>
  );
}
