/** Which tab of the legal change page a notification opens; zod-free, so the bell can use it without the schemas. */
export const NOTIFICATION_TABS = ['news', 'amendments', 'timeline', 'redline'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** Which tab of /legal-change/{id} a notification opens (spec document 1 §4). */
export function notificationTab(n: { type: string; message: string }): NotificationTab {
  if (n.type === 'news') return 'news';
  if (n.type === 'update' && /amendment/i.test(n.message)) return 'amendments';
  // a change to law in force that quotes the words it changed opens their redline
  if (/\bWords (inserted|omitted): “/.test(n.message)) return 'redline';
  return 'timeline';
}
