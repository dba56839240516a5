import { useTranslation } from '#client/i18n';
import { type DatedItem, useVocabulary } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';

/**
 * An item's legal date with what happened on it ('Royal Assent: 5 Dec 2025'), by its
 * `itemDateKind`: the year alone when the source gives only a year, nothing when it gives no date.
 */
export function ItemDate({ item, className }: { item: DatedItem; className?: string }) {
  const { t } = useTranslation();
  const vocabulary = useVocabulary();
  const format = useFormat();
  if (!item.itemDate) return null;
  const shown = item.itemDateKind === 'year_only' ? format.year(item.itemDate) : format.date(item.itemDate);
  if (!shown) return null;
  const label = vocabulary.dateLabel(item);
  if (!label)
    return (
      <span className={className}>
        <time dateTime={item.itemDate}>{shown}</time>
      </span>
    );
  // the label may be source text (a stage no table knows): isolated, so it keeps its place in Arabic
  const parts = t('vocabulary.datedAs', { label: '\uE000', date: '\uE001' }).split(/(\uE000|\uE001)/);
  return (
    <span className={className} data-testid="item-date">
      {parts.map((part, index) =>
        part === '\uE000' ? (
          <bdi key={index}>{label}</bdi>
        ) : part === '\uE001' ? (
          <time key={index} dateTime={item.itemDate ?? undefined}>
            {shown}
          </time>
        ) : (
          part
        ),
      )}
    </span>
  );
}
