import { AppError, notFound } from '#server/http/errors';

/** 404: legislation.gov.uk has no such provision in this item, or no such version of it. */
export const provisionNotFound = (provision: string, label?: string) =>
  notFound(
    label
      ? `legislation.gov.uk has no version '${label}' of ${provision} of this item.`
      : `legislation.gov.uk has no provision ${provision} in this item.`,
    'provision_not_found',
  );

/** 404: the item is not one legislation.gov.uk publishes the text of. */
export const noRevisedText = () =>
  notFound('This item has no text on legislation.gov.uk to compare.', 'no_legislation_text');

/** 502/503: legislation.gov.uk failed or could not be reached; the redline can be asked again. */
export const legislationUnavailable = (status: number | null) =>
  new AppError(
    status === 429 || status === 403 || status === null ? 503 : 502,
    'legislation_unavailable',
    'legislation.gov.uk could not be read just now. Please try again later.',
  );
