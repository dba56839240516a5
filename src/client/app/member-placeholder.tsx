import type { ReactNode } from 'react';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { MemberShell } from './member-shell';

/** A member screen's frame: title, short description, and its content. */
export function MemberScreen({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <MemberShell>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
        {children}
      </div>
    </MemberShell>
  );
}
