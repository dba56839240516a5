import type { AreaName } from '#client/i18n';

/**
 * A screen's loader that also loads an area's messages (the landing page's, the console's, a
 * legal change's…), so the screen renders with its words.
 */
export const withArea =
  <T>(area: AreaName, load: () => Promise<T>) =>
  () =>
    Promise.all([load(), import('#client/i18n/areas').then((areas) => areas.loadArea(area))]).then(
      ([screen]) => screen,
    );
