import { type PolicyKey, usePolicyText } from '#client/i18n/policy-text';
import { BROWSER_STORAGE } from '../inventory';

/**
 * The cookie inventory: a table from 640 px up, one card per entry on a phone (a five-column
 * table would not fit). Both read the one list in `../inventory`.
 */
export function CookieInventoryTable() {
  const { p } = usePolicyText();
  const rows = BROWSER_STORAGE.map((item) => ({
    ...item,
    kindLabel: p(`cookies.table.${item.kind}` as PolicyKey),
    categoryLabel: p(`cookies.categories.${item.category}.title` as PolicyKey),
    purpose: p(`cookies.inventory.${item.id}.purpose` as PolicyKey),
    duration: p(`cookies.inventory.${item.id}.duration` as PolicyKey),
  }));
  return (
    <div className="mt-5">
      <table
        className="hidden w-full border-collapse text-start text-sm sm:table"
        data-testid="cookie-inventory"
      >
        <caption className="mb-2 text-start text-sm text-muted-foreground">
          {p('cookies.table.caption')}
        </caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pe-3 font-semibold">
              {p('cookies.table.name')}
            </th>
            <th scope="col" className="py-2 pe-3 font-semibold">
              {p('cookies.table.category')}
            </th>
            <th scope="col" className="py-2 pe-3 font-semibold">
              {p('cookies.table.purpose')}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {p('cookies.table.duration')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b align-top last:border-b-0">
              <th scope="row" className="py-2 pe-3 font-normal">
                <code className="font-mono text-[0.8125rem] font-semibold whitespace-nowrap">{row.name}</code>
                <span className="block text-xs text-muted-foreground">{row.kindLabel}</span>
              </th>
              <td className="py-2 pe-3">{row.categoryLabel}</td>
              <td className="py-2 pe-3">{row.purpose}</td>
              <td className="py-2">{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 sm:hidden" aria-label={p('cookies.table.caption')}>
        {rows.map((row) => (
          <li key={row.name} className="rounded-lg border p-3 text-sm">
            <p>
              <code className="font-mono font-semibold">{row.name}</code>{' '}
              <span className="text-muted-foreground">
                · {row.kindLabel} · {row.categoryLabel}
              </span>
            </p>
            <dl className="mt-2 grid gap-1">
              <dt className="sr-only">{p('cookies.table.purpose')}</dt>
              <dd>{row.purpose}</dd>
              <dt className="font-medium">{p('cookies.table.duration')}</dt>
              <dd>{row.duration}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
