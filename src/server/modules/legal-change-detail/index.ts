import type { FastifyPluginAsync } from 'fastify';
import { aiOverviewRoutes } from './ai-overview.routes';
import { legalChangeDetailRoutes } from './detail.routes';
import { newsRoutes } from './news.routes';

/** Routes of the legal change page's tabs: timeline, documents, amendments, AI overview and news. */
export const legalChangeDetailModule: FastifyPluginAsync = async (app) => {
  await app.register(legalChangeDetailRoutes);
  await app.register(aiOverviewRoutes);
  await app.register(newsRoutes);
};
