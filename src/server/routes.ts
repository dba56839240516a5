import type { FastifyInstance } from 'fastify';
import { accountsPlugin } from './modules/auth/accounts.plugin';
import { healthRoutes, type HealthCheck } from './modules/health/health.routes';
import { legalChangesRoutes } from './modules/legal-changes/legal-changes.routes';
import { userActionsRoutes } from './modules/user-actions/user-actions.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { legalChangeDetailModule } from './modules/legal-change-detail';
import { unsubscribeRoutes } from './modules/alerts/unsubscribe.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { phoneRoutes } from './modules/phone/phone.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { notificationLogsRoutes } from './modules/admin/notification-logs.routes';
import { syncRoutes } from './modules/sync/sync.routes';
import { adminSyncRoutes } from './modules/sync/admin-sync.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminConsoleRoutes } from './modules/admin/admin-console.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { legalSourcesRoutes } from './modules/legal-sources/legal-sources.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { accountRoutes } from './modules/account/account.routes';
import { cookiePreferencesRoutes } from './modules/cookies/cookie-preferences.routes';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/billing.routes';
import { locationRoutes } from './modules/location/location.routes';

/** Every module's routes, listed explicitly. */
export async function registerRoutes(app: FastifyInstance, opts: { health: HealthCheck }): Promise<void> {
  await app.register(accountsPlugin); // first: its admin guard covers every admin route after it
  await app.register(healthRoutes, { check: opts.health });
  await app.register(legalChangesRoutes);
  await app.register(userActionsRoutes);
  await app.register(dashboardRoutes);
  await app.register(referenceRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(legalChangeDetailModule);
  await app.register(notificationsRoutes);
  await app.register(preferencesRoutes);
  await app.register(phoneRoutes);
  await app.register(webhooksRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(notificationLogsRoutes);
  await app.register(syncRoutes);
  await app.register(adminSyncRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminConsoleRoutes);
  await app.register(settingsRoutes);
  await app.register(legalSourcesRoutes);
  await app.register(feedsRoutes);
  await app.register(accountRoutes);
  await app.register(cookiePreferencesRoutes);
  await app.register(locationRoutes);
  await app.register(billingRoutes);
  await app.register(stripeWebhookRoutes);
}
