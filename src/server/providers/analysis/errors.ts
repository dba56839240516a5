import { AppError } from '#server/http/errors';
import { AI_NOT_CONFIGURED_MARKER } from '#shared/constants';

/** The analysis could not be made this time; trying again later may work. */
export const analysisFailed = (reason: string) =>
  new AppError(502, 'analysis_failed', `Unable to generate AI analysis: ${reason}`);

/** The AI service refused our key: only an operator can fix it. */
export const analysisNotConfigured = () =>
  new AppError(
    503,
    'ai_not_configured',
    `${AI_NOT_CONFIGURED_MARKER}: AI analysis needs configuration. Please contact support.`,
  );
