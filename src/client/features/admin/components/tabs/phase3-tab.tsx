import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import type { ChannelTest } from '../../api/mutations';
import { phase3Query } from '../../api/queries';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';
import { Metrics, useRunChannelTest } from './phase2-tab';

const TESTS = [
  ['3.1', 'test-phase-3-1', 'testNews'],
  ['3.2', 'test-phase-3-2', 'testLegislative'],
  ['Direct Unified', 'test-direct-unified-notifications', 'directUnified'],
  ['Verification', 'test-verification-notifications', 'testVerification'],
] as const;

export default function Phase3Tab() {
  const { t } = useTranslation();
  const status = useQuery(phase3Query());
  const { run, pending, last } = useRunChannelTest();
  const [email, setEmail] = useState('');
  return (
    <TabSection title={t('admin.tabs.phase-3')} description={t('admin.phase3.description')}>
      <QueryState query={status}>
        {(s) => (
          <ul className="grid gap-3 md:grid-cols-3">
            {s.channels.map((c) => (
              <li key={c.name} className="grid gap-1 rounded-lg border bg-card p-4 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
                  {c.name}
                </p>
                <p className="text-muted-foreground">{t('admin.phase3.migrated')}</p>
                <p className="text-muted-foreground">
                  {t('admin.phase3.queued', { count: c.queuedLast30Days })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <div className="grid gap-3 rounded-lg border bg-card p-4">
        <Label htmlFor="phase3-email">{t('admin.phase2.emailLabel')}</Label>
        <Input
          id="phase3-email"
          type="email"
          className="max-w-sm"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="ops@example.com"
        />
        <div className="flex flex-wrap gap-2">
          {TESTS.map(([phase, path, key]) => (
            <Button
              key={path}
              variant="outline"
              disabled={pending}
              onClick={() =>
                email.trim()
                  ? run(phase, { path, body: { testEmail: email.trim() } } as ChannelTest)
                  : toast({
                      title: t('admin.phase2.emailRequired'),
                      description: t('admin.phase2.emailRequiredText'),
                      variant: 'destructive',
                    })
              }
            >
              {t(`admin.phase3.${key}`)}
            </Button>
          ))}
        </div>
      </div>
      {last && (
        <div role="status" className="grid gap-1 rounded-lg border bg-card p-4 text-sm">
          <p>{last.message}</p>
          <Metrics metrics={last.metrics} />
        </div>
      )}
    </TabSection>
  );
}
