import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DatedItem } from '#client/i18n/vocabulary';
import { ItemDate } from './item-date';

const text = (item: DatedItem) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ItemDate item={item} />
    </QueryClientProvider>,
  ).replace(/<[^>]+>/g, '');

describe('ItemDate', () => {
  it('labels the date with what happened on it', () => {
    expect(text({ itemDate: '2025-12-04', itemDateKind: 'royal_assent' })).toBe('Royal Assent: Dec 4, 2025');
    expect(text({ itemDate: '2025-06-30', itemDateKind: 'laid' })).toBe('Laid: Jun 30, 2025');
  });

  it('shows only the year when the source gives only a year', () => {
    expect(text({ itemDate: '2019-01-01', itemDateKind: 'year_only' })).toBe('Year: 2019');
  });

  it('shows nothing when no legal date is known', () => {
    expect(text({ itemDate: null, itemDateKind: null })).toBe('');
  });
});
