import { notFound } from '#server/http/errors';

/** 404 for an id that names no legal change (the page shows "Legal Change Not Found"). */
export const legalChangeNotFound = () =>
  notFound("The legal change you're looking for doesn't exist.", 'legal_change_not_found');
