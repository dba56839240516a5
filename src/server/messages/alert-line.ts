/** One alert as every channel shows it, and the link that opens its item on the right tab. */
import { notificationTab, type NotificationTab } from '#shared/notification-tab';

export interface AlertLine {
  type: string;
  title: string;
  message: string;
  legislationId: number;
  tab?: NotificationTab;
}

/** `{APP_URL}/legal-change/{id}?tab=…` with the spec's tab rule. */
export function alertLink(
  appUrl: string,
  n: { type: string; message: string; legislationId: number; tab?: NotificationTab },
): string {
  return `${appUrl}/legal-change/${n.legislationId}?tab=${n.tab ?? notificationTab(n)}`;
}
