/** The redline's choice in the page address: `?tab=redline&provision=section/45&from=enacted&to=current`. */
import { isVersionLabel, PROVISION_PATH } from '#shared/provisions';

export interface RedlineChoice {
  provision: string | null;
  from: string;
  to: string;
}

export const DEFAULT_FROM = 'enacted';
export const DEFAULT_TO = 'current';

/** 'section 45' or 'Section/45' as typed → 'section/45'; null when it names no provision. */
export function provisionFromInput(value: string): string | null {
  const path = value.trim().toLowerCase().replace(/\s+/g, '/').replace(/\/+/g, '/');
  const cased = path.replace(/(\d)([a-z]+)(?=\/|$)/g, (_m, d: string, l: string) => `${d}${l.toUpperCase()}`);
  return PROVISION_PATH.test(cased) ? cased : null;
}

export function choiceFromParams(params: URLSearchParams): RedlineChoice {
  const provision = params.get('provision');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    provision: provision && PROVISION_PATH.test(provision) ? provision : null,
    from: isVersionLabel(from) ? from : DEFAULT_FROM,
    to: isVersionLabel(to) ? to : DEFAULT_TO,
  };
}

/** The choice of an effect's redline from its `diffPath` (`/api/legal-changes/1/provisions/section%2F45/diff?from=…&to=…`). */
export function choiceFromDiffPath(diffPath: string): RedlineChoice | null {
  const match = /\/provisions\/([^/?]+)\/diff\?(.*)$/.exec(diffPath);
  if (!match) return null;
  const query = new URLSearchParams(match[2]);
  return choiceFromParams(
    new URLSearchParams({
      provision: decodeURIComponent(match[1]!),
      from: query.get('from') ?? '',
      to: query.get('to') ?? '',
    }),
  );
}

/** The page address (search part) of a choice, keeping the page's other parameters. */
export function paramsWithChoice(params: URLSearchParams, choice: RedlineChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('tab', 'redline');
  if (choice.provision) next.set('provision', choice.provision);
  next.set('from', choice.from);
  next.set('to', choice.to);
  return next;
}

/** `?tab=redline&…` for a link to an effect's redline */
export function redlineSearch(diffPath: string): string | null {
  const choice = choiceFromDiffPath(diffPath);
  return choice ? `?${paramsWithChoice(new URLSearchParams(), choice)}` : null;
}
