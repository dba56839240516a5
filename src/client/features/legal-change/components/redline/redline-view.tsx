import { useState } from 'react';
import type { DiffBlock, DiffNote, DiffWord, ProvisionDiff } from '#shared/schemas/redlines';
import { Badge } from '#client/components/ui/badge';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import { ExternalLink } from '../section-states';
import { useVersionName } from './version-label';

const DEPTH_INDENT = ['', 'ps-0', 'ps-4', 'ps-8', 'ps-12', 'ps-16'];
const depthOf = (number: string) => Math.min(5, (number.match(/\(/g) ?? []).length);

const STATUS_STYLE: Record<DiffBlock['status'], string> = {
  unchanged: 'border-transparent',
  inserted: 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950/40',
  omitted: 'border-red-600 bg-red-50 dark:bg-red-950/40',
  changed: 'border-amber-500',
};

/** One run of words: inserted and omitted runs are <ins>/<del>, announced, not only coloured. */
function Words({ word }: { word: DiffWord }) {
  const { t } = useTranslation();
  const lead = word.text.startsWith(' ') ? ' ' : '';
  const text = word.text.trimStart();
  if (word.op === 'same') return <>{word.text}</>;
  const Tag = word.op === 'inserted' ? 'ins' : 'del';
  return (
    <>
      {lead}
      <Tag
        className={cn(
          'rounded-sm px-0.5 decoration-2',
          word.op === 'inserted'
            ? 'bg-emerald-100 text-emerald-950 underline dark:bg-emerald-900 dark:text-emerald-50'
            : 'bg-red-100 text-red-950 line-through dark:bg-red-900 dark:text-red-50',
        )}
      >
        <span className="sr-only">{t(`legalChange.redline.${word.op}Start`)} </span>
        {text}
        <span className="sr-only"> {t(`legalChange.redline.${word.op}End`)}</span>
      </Tag>
    </>
  );
}

function NoteLine({ note }: { note: DiffNote }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="grid text-sm text-muted-foreground">
      {note.by ? (
        <bdi className="font-medium text-foreground">
          {note.inForce
            ? t('legalChange.redline.byInForce', {
                by: note.by,
                date: format.date(note.inForce) || note.inForce,
              })
            : t('legalChange.redline.by', { by: note.by })}
        </bdi>
      ) : null}
      {/* the quotation marks follow the language around a <q>: English, as the note is */}
      <span lang="en">
        <q>{note.text}</q>
      </span>
    </li>
  );
}

function Block({ block, notes }: { block: DiffBlock; notes: DiffNote[] }) {
  const { t } = useTranslation();
  const own = notes.filter((n) => n.blocks.includes(block.number));
  return (
    <li
      className={cn(
        'grid gap-1 border-s-4 py-1.5 pe-2',
        DEPTH_INDENT[depthOf(block.number)],
        STATUS_STYLE[block.status],
      )}
    >
      <p className="ps-2 leading-relaxed [overflow-wrap:anywhere]">
        <span className="me-2 font-mono text-sm font-semibold">{block.number}</span>
        {block.status !== 'unchanged' ? (
          <Badge
            className="me-2 align-text-bottom"
            variant={
              block.status === 'omitted' ? 'destructive' : block.status === 'inserted' ? 'success' : 'warning'
            }
          >
            <bdi>{t(`legalChange.redline.status.${block.status}`)}</bdi>
          </Badge>
        ) : null}
        <span lang="en">
          {block.words.map((word, i) => (
            <Words key={i} word={word} />
          ))}
        </span>
      </p>
      {own.length ? (
        <ul className="grid gap-1 ps-2">
          {own.map((n, i) => (
            <NoteLine key={i} note={n} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The provision with its changes marked, what made each, and where both versions came from. */
export function RedlineView({ diff }: { diff: ProvisionDiff }) {
  const { t } = useTranslation();
  const format = useFormat();
  const versionName = useVersionName();
  const changed = diff.blocks.filter((b) => b.status !== 'unchanged').length;
  const [onlyChanged, setOnlyChanged] = useState(false);
  const shown = onlyChanged ? diff.blocks.filter((b) => b.status !== 'unchanged') : diff.blocks;
  return (
    <section aria-labelledby="redline-heading" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h3 id="redline-heading" className="text-lg font-semibold">
          <bdi lang="en">{diff.title ?? diff.provision}</bdi>
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('legalChange.redline.between', { from: versionName(diff.from), to: versionName(diff.to) })}
        </p>
      </div>
      <div role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
        <p className="font-medium">
          {diff.wordsChanged
            ? t('legalChange.redline.changedCount', { count: changed })
            : t('legalChange.redline.noChange')}
        </p>
        {diff.inForceChanged ? <p>{t('legalChange.redline.inForceChanged')}</p> : null}
        {diff.wordsChanged ? (
          <p className="text-muted-foreground">{t('legalChange.redline.legend')}</p>
        ) : null}
      </div>
      {changed ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={onlyChanged}
            onChange={(e) => setOnlyChanged(e.target.checked)}
          />
          {t('legalChange.redline.onlyChanged')}
        </label>
      ) : null}
      {/* the law is in English: its paragraphs read left to right on every page */}
      <ol dir="ltr" className="grid gap-1" aria-label={t('legalChange.redline.textLabel')}>
        {shown.map((block, i) => (
          <Block key={`${block.number}-${i}`} block={block} notes={diff.notes} />
        ))}
      </ol>
      <div className="grid gap-1 border-t pt-3 text-sm text-muted-foreground">
        <h4 className="font-medium text-foreground">{t('legalChange.redline.sources')}</h4>
        <ul className="grid gap-1">
          {[diff.sources.from, diff.sources.to].map((source, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              {versionName(source.label)}:{' '}
              <ExternalLink href={source.sourceUrl} className="text-primary underline underline-offset-4">
                {source.sourceUrl.replace(/^https?:\/\//, '')}
              </ExternalLink>{' '}
              {t('legalChange.redline.readOn', { date: format.date(source.fetchedAt) })}
            </li>
          ))}
        </ul>
        <p>{t('legalChange.redline.licence')}</p>
      </div>
    </section>
  );
}
