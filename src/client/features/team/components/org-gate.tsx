import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '#client/components/query-state';
import { useTranslation } from '#client/i18n';
import { useCurrentOrg } from '../api/orgs';
import type { CurrentOrg } from '../lib/types';

/** Shows its content with the member's organisation; loading, error, and a way to set one up when there is none. */
export function OrgGate({ children }: { children: (org: CurrentOrg) => ReactNode }) {
  const { t } = useTranslation();
  const org = useCurrentOrg();
  return (
    <QueryState query={org} errorTitle={t('team.page.loadFailed')}>
      {(data) =>
        data ? (
          <>{children(data)}</>
        ) : (
          <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">
            {t('team.view.noOrg')}{' '}
            <Link to="/team" className="text-primary underline underline-offset-4">
              {t('team.view.setUp')}
            </Link>
          </p>
        )
      }
    </QueryState>
  );
}

/** The note a viewer sees where others have controls. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md border bg-muted px-3 py-2 text-sm text-muted-foreground">{children}</p>;
}
