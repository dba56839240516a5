/**
 * Every react-query key of the client, defined once. Queries read their key here and writes
 * invalidate through it, so a key is never retyped. Each area's keys share their first element,
 * so `all` (or a shorter prefix) reaches every answer of that area. One file per area, so a page
 * downloads only the keys of the areas it shows.
 */
export { sessionKeys } from './session';
export { dashboardKeys } from './dashboard';
export { legalChangeKeys } from './legal-change';
export { adminKeys } from './admin';
export { settingsKeys } from './settings';
export { billingKeys } from './billing';
export { subscriptionKeys } from './subscriptions';
export { legalSourcesKeys } from './legal-sources';
export { notificationKeys } from './notifications';
export { preferencesKeys } from './preferences';
export { cookieKeys } from './cookies';
export { developerKeys } from './developers';
export { teamKeys } from './team';
