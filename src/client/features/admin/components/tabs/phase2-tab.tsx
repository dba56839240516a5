import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/toast-store';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import type { ChannelTestResult, Phase2Results } from '#shared/schemas/admin';
import { useChannelTest, usePhase2Results, type ChannelTest } from '../../api/mutations';
import { TabSection } from '../tab-section';

/** Runs a channel test and shows the spec's toasts ('Phase 2.1 Complete' / 'Phase 2.1 Failed' …). */
export function useRunChannelTest() {
  const { t } = useTranslation();
  const test = useChannelTest();
  const [last, setLast] = useState<ChannelTestResult | null>(null);
  const run = (phase: string, call: ChannelTest) =>
    test.mutate(call, {
      onSuccess: (result) => {
        setLast(result);
        if (result.success)
          toast({ title: t('admin.phase.complete', { phase }), description: result.message });
        else
          toast({
            title: t('admin.phase.failed', { phase }),
            description: result.error ?? result.message,
            variant: 'destructive',
          });
      },
      onError: (error) =>
        toast({
          title: t('admin.phase.failed', { phase }),
          description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
          variant: 'destructive',
        }),
    });
  return { run, pending: test.isPending, last };
}

export function Metrics({ metrics }: { metrics: Record<string, number> }) {
  const format = useFormat();
  return (
    <dl className="flex flex-wrap gap-x-4 text-sm">
      {Object.entries(metrics).map(([k, v]) => (
        <div key={k} className="flex gap-1">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="tabular-nums">{format.number(v, { maximumFractionDigits: 1 })}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Phase2Tab() {
  const { t } = useTranslation();
  const { run, pending, last } = useRunChannelTest();
  const results = usePhase2Results();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [userId, setUserId] = useState('');
  const required = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });
  const data: Phase2Results | undefined = results.data;

  return (
    <TabSection title={t('admin.tabs.phase-2')} description={t('admin.phase2.description')}>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid gap-2 rounded-lg border bg-card p-4">
          <Label htmlFor="phase21-email">{t('admin.phase2.emailLabel')}</Label>
          <Input
            id="phase21-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="ops@example.com"
          />
          <Button
            disabled={pending}
            onClick={() =>
              email.trim()
                ? run('2.1', { path: 'test-phase-21', body: { testEmail: email.trim() } })
                : required(t('admin.phase2.emailRequired'), t('admin.phase2.emailRequiredText'))
            }
          >
            {t('admin.phase2.testEmail')}
          </Button>
        </div>
        <div className="grid gap-2 rounded-lg border bg-card p-4">
          <Label htmlFor="phase22-phone">{t('admin.phase2.phoneLabel')}</Label>
          <Input
            id="phase22-phone"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder="07700 900123"
          />
          <Button
            disabled={pending}
            onClick={() =>
              phone.trim()
                ? run('2.2', { path: 'test-phase-22', body: { testPhoneNumber: phone.trim() } })
                : required(t('admin.phase2.phoneRequired'), t('admin.phase2.phoneRequiredText'))
            }
          >
            {t('admin.phase2.testSms')}
          </Button>
        </div>
        <div className="grid gap-2 rounded-lg border bg-card p-4">
          <Label htmlFor="phase23-user">{t('admin.phase2.userLabel')}</Label>
          <Input
            id="phase23-user"
            inputMode="numeric"
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
          <Button
            disabled={pending}
            onClick={() =>
              userId.trim()
                ? run('2.3', { path: 'test-phase-23', body: { testUserId: userId.trim() } })
                : required(t('admin.phase2.userRequired'), t('admin.phase2.userRequiredText'))
            }
          >
            {t('admin.phase2.testInApp')}
          </Button>
        </div>
      </div>
      {last && (
        <div role="status" className="grid gap-1 rounded-lg border bg-card p-4 text-sm">
          <p>{last.message}</p>
          <Metrics metrics={last.metrics} />
        </div>
      )}
      <div className="grid gap-3">
        <Button
          variant="outline"
          className="w-fit"
          disabled={results.isPending}
          onClick={() =>
            results.mutate(undefined, {
              onError: () =>
                toast({
                  title: t('admin.phase2.resultsFailed'),
                  description: t('admin.phase2.resultsFailedText'),
                  variant: 'destructive',
                }),
            })
          }
        >
          {t('admin.phase2.getResults')}
        </Button>
        {data && (
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('admin.phase2.results')}>
            {[
              [t('admin.phase2.overall'), `${data.results.overallScore}%`],
              [
                t('admin.phase2.emailDelivery'),
                `${data.results.phase21.deliveryRate}% (${data.results.phase21.totalSent})`,
              ],
              [t('admin.phase2.smsDelivery'), `${data.results.phase22.deliveryRate}%`],
              [
                t('admin.phase2.inAppEngagement'),
                `${data.results.phase23.engagementRate}% (${data.results.phase23.totalShown})`,
              ],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </TabSection>
  );
}
