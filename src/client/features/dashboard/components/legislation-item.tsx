import { Bookmark, BookmarkCheck, Calendar, EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import type { HighlightPart, LegalChangeListItem, UserAction } from '#shared/schemas/legal-changes';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { ItemDate } from '#client/components/item-date';
import { useTranslation } from '#client/i18n';
import { useVocabulary } from '#client/i18n/vocabulary';
import { truncateDescription } from '../lib/truncate';

export type DashboardItem = LegalChangeListItem & {
  matchedTerms?: string[];
  highlights?: { title: HighlightPart[]; description: HighlightPart[] };
};

/** Highlighted text: `match` parts in <mark>, always as plain text. */
function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** Highlight parts cut to the preview length, keeping the marks. */
function truncateParts(parts: HighlightPart[], fullLength: number): HighlightPart[] {
  const text = parts.map((p) => p.text).join('');
  const preview = truncateDescription(text, fullLength);
  const ellipsis = preview.endsWith('…') ? '…' : '';
  let remaining = preview.length - ellipsis.length;
  const out: HighlightPart[] = [];
  for (const part of parts) {
    if (remaining <= 0) break;
    const piece = part.text.slice(0, remaining);
    out.push({ text: piece, match: part.match });
    remaining -= piece.length;
  }
  if (ellipsis) out.push({ text: ellipsis, match: false });
  return out;
}

export function LegislationItem({
  item,
  pending,
  onAction,
}: {
  item: DashboardItem;
  pending: boolean;
  onAction: (id: number, action: UserAction | 'none') => void;
}) {
  const { t } = useTranslation();
  const vocabulary = useVocabulary();
  const followed = item.userAction === 'followed';
  const dismissed = item.userAction === 'dismissed';
  const typeLabel = vocabulary.typeName(item.legislationType);
  const titleParts = item.highlights?.title.length ? item.highlights.title : null;
  const descriptionParts = item.highlights?.description.length
    ? truncateParts(item.highlights.description, item.descriptionLength)
    : null;
  const description = descriptionParts ? null : truncateDescription(item.description, item.descriptionLength);
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)] gap-3 border-b py-4 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-6"
      data-testid="legislation-item"
    >
      <div className="grid min-w-0 gap-2">
        <h3 className="text-base leading-snug font-semibold break-words">
          <Link to={`/legal-change/${item.id}`} className="text-primary underline-offset-4 hover:underline">
            <bdi>{titleParts ? <Highlighted parts={titleParts} /> : item.title}</bdi>
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {/* a type's name is long in some languages: it wraps on a phone rather than widen the list */}
          <Badge
            variant={item.category === 'primary' ? 'info' : 'secondary'}
            className="max-w-full whitespace-normal"
          >
            {typeLabel}
          </Badge>
          {item.currentStage && (
            <Badge variant="outline" className="max-w-full whitespace-normal">
              {vocabulary.stage(item.currentStage)}
            </Badge>
          )}
          {item.itemDate && (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Calendar aria-hidden="true" className="size-3.5" />
              <ItemDate item={item} />
            </span>
          )}
        </div>
        {(descriptionParts || description) && (
          <p className="text-sm break-words text-muted-foreground">
            <bdi>{descriptionParts ? <Highlighted parts={descriptionParts} /> : description}</bdi>
          </p>
        )}
        {item.matchedTerms && item.matchedTerms.length > 0 && (
          <p className="text-xs text-muted-foreground">
            {t('dashboard.list.matchedTerms', { terms: item.matchedTerms.join(', ') })}
          </p>
        )}
      </div>
      <div className="flex items-start gap-2">
        <Button
          size="sm"
          variant={followed ? 'default' : 'outline'}
          aria-pressed={followed}
          disabled={pending}
          onClick={() => onAction(item.id, followed ? 'none' : 'followed')}
          aria-label={followed ? undefined : t('dashboard.list.followNamed', { title: item.title })}
        >
          {followed ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
          {followed ? t('dashboard.list.following') : t('dashboard.list.follow')}
        </Button>
        <Button
          size="sm"
          variant={dismissed ? 'secondary' : 'ghost'}
          aria-pressed={dismissed}
          disabled={pending}
          onClick={() => onAction(item.id, dismissed ? 'none' : 'dismissed')}
          aria-label={dismissed ? undefined : t('dashboard.list.dismissNamed', { title: item.title })}
        >
          <EyeOff aria-hidden="true" />
          {dismissed ? t('dashboard.list.dismissed') : t('dashboard.list.dismiss')}
        </Button>
      </div>
    </li>
  );
}
