import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { useTranslation, type TranslationKey } from '#client/i18n';
import { ApiError } from '#client/lib/api-client';
import { useEffects } from '../../api/get-effects';
import { useProvisionDiff, useProvisionVersions } from '../../api/get-redline';
import { SectionLoading } from '../section-states';
import {
  choiceFromDiffPath,
  choiceFromParams,
  paramsWithChoice,
  provisionFromInput,
  type RedlineChoice,
} from './redline-params';
import { RedlineView } from './redline-view';
import { useVersionName } from './version-label';

const SELECT = 'h-11 w-full rounded-md border border-input bg-card px-3 text-base';

/** The redline's message for a failed answer: no such provision or version, unreadable upstream. */
function errorKey(error: unknown): TranslationKey {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404) return 'legalChange.redline.notFound';
  if (status === 400) return 'legalChange.redline.invalid';
  return 'legalChange.redline.unavailable';
}

/** "Changes to the text": pick a provision and two versions; see the words inserted and omitted. */
export function RedlineTab({ legalChangeId }: { legalChangeId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const effects = useEffects(legalChangeId);
  const fromEffects = (effects.data?.effects ?? [])
    .map((e) => (e.diffPath ? choiceFromDiffPath(e.diffPath) : null))
    .filter((c): c is RedlineChoice => c !== null);
  const asked = choiceFromParams(params);
  // opened without a provision (an alert's link): the latest effect's redline
  const choice = asked.provision ? asked : (fromEffects[0] ?? asked);
  const diff = useProvisionDiff(legalChangeId, choice.provision, choice.from, choice.to);
  const show = (next: RedlineChoice) =>
    setParams((p) => paramsWithChoice(p, next), { preventScrollReset: true });
  const title = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const opened = (location.state as { showRedline?: boolean } | null)?.showRedline === true;
  // opened from an effect's link further down the page: bring the redline into view
  useEffect(() => {
    if (!opened) return;
    title.current?.scrollIntoView({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, [opened, location.key]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" ref={title} tabIndex={-1} className="scroll-mt-4 outline-none">
          {t('legalChange.redline.title')}
        </CardTitle>
        <CardDescription>{t('legalChange.redline.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <RedlinePicker
          key={`${choice.provision}-${choice.from}-${choice.to}`}
          legalChangeId={legalChangeId}
          choice={choice}
          suggestions={[...new Set(fromEffects.map((c) => c.provision!))]}
          onShow={show}
        />
        {choice.provision === null ? (
          <p className="text-muted-foreground">{t('legalChange.redline.pickHint')}</p>
        ) : diff.isPending ? (
          <SectionLoading label={t('legalChange.redline.loading')} />
        ) : diff.isError ? (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm">
            {t(errorKey(diff.error))}
          </p>
        ) : (
          <RedlineView diff={diff.data} />
        )}
      </CardContent>
    </Card>
  );
}

function RedlinePicker({
  legalChangeId,
  choice,
  suggestions,
  onShow,
}: {
  legalChangeId: number;
  choice: RedlineChoice;
  suggestions: string[];
  onShow: (choice: RedlineChoice) => void;
}) {
  const { t } = useTranslation();
  const versionName = useVersionName();
  const [provision, setProvision] = useState(choice.provision ?? '');
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  const [invalid, setInvalid] = useState(false);
  const versions = useProvisionVersions(legalChangeId, choice.provision);
  const labels = [
    ...new Set([...(versions.data?.versions.map((v) => v.label) ?? []), choice.from, choice.to]),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = provisionFromInput(provision);
    setInvalid(path === null);
    if (path) onShow({ provision: path, from, to });
  };
  const options = labels.map((label) => (
    <option key={label} value={label}>
      {versionName(label)}
    </option>
  ));
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" noValidate>
      <div className="grid gap-1">
        <label htmlFor="redline-provision" className="text-sm font-medium">
          {t('legalChange.redline.provision')}
        </label>
        <Input
          id="redline-provision"
          list="redline-provisions"
          value={provision}
          onChange={(e) => setProvision(e.target.value)}
          aria-describedby="redline-provision-hint"
          aria-invalid={invalid || undefined}
          className="h-11"
        />
        <datalist id="redline-provisions">
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <p
          id="redline-provision-hint"
          className={invalid ? 'text-sm text-destructive-strong' : 'text-sm text-muted-foreground'}
        >
          {invalid ? t('legalChange.redline.invalid') : t('legalChange.redline.provisionHint')}
        </p>
      </div>
      <div className="grid gap-1 self-start">
        <label htmlFor="redline-from" className="text-sm font-medium">
          {t('legalChange.redline.from')}
        </label>
        <select id="redline-from" value={from} onChange={(e) => setFrom(e.target.value)} className={SELECT}>
          {options}
        </select>
      </div>
      <div className="grid gap-1 self-start">
        <label htmlFor="redline-to" className="text-sm font-medium">
          {t('legalChange.redline.to')}
        </label>
        <select id="redline-to" value={to} onChange={(e) => setTo(e.target.value)} className={SELECT}>
          {options}
        </select>
      </div>
      <Button type="submit" className="h-11 self-start lg:mt-6">
        {t('legalChange.redline.show')}
      </Button>
    </form>
  );
}
