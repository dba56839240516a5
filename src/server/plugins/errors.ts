import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '#server/http/database-unavailable';
import {
  dictionaryMessage,
  localizedDetails,
  localizedMessage,
  translatedMessage,
} from '#server/http/error-messages';
import { AppError } from '#server/http/errors';
import { pickLanguage } from '#server/messages/i18n';

const toSnake = (s: string) =>
  s
    .replace(/^FST_ERR_/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

/** One place that turns every error into `{ error: { code, message, details } }`. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // the client sends its interface language; messages it has no translation of stay English
      const lang = pickLanguage(request.headers['accept-language']);
      const say = (code: string, english: string) =>
        translatedMessage(lang, english, `errors.${code}`) ?? english;
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        const message = localizedMessage(error, lang);
        return reply.status(error.status).send({
          error: {
            code: error.code,
            message,
            details: localizedDetails(error.details, error.message, message),
          },
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'request';
        const details = error.validation.map((v) => ({
          field: [
            where,
            ...String(v.instancePath || '')
              .split('/')
              .filter(Boolean),
          ].join('.'),
          message: v.message ?? 'Invalid value',
        }));
        // the fields and their problems are named for developers, in English; a reader of
        // another language is told in theirs what happened
        const english = `Invalid ${where}: ${details.map((d) => `${d.field} (${d.message})`).join('; ')}`;
        const message = dictionaryMessage(lang, 'errors.validation_failed') ?? english;
        return reply.status(400).send({ error: { code: 'validation_failed', message, details } });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, reqId: request.id }, 'response did not match its schema');
        return reply.status(500).send({
          error: {
            code: 'internal_error',
            message: say('response_mismatch', 'Something went wrong on our side.'),
          },
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429 && error.message)
          reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
        return reply.status(status).send({
          error: {
            code: error.code ? toSnake(error.code) : 'bad_request',
            message: say(error.code ? toSnake(error.code) : 'bad_request', error.message),
          },
        });
      }
      if (isDatabaseUnavailable(error)) {
        // the database went away (restart, failover, network): the pool reconnects on the next
        // request, so the client is told to come back shortly; no stack trace, no 500
        request.log.warn(
          { reqId: request.id, code: (error as { code?: string }).code, reason: error.message },
          'database unavailable; answered 503',
        );
        // sent as text: a route's own 503 schema (the health check's) must not reshape it
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify({
              error: {
                code: 'database_unavailable',
                message: say(
                  'database_unavailable',
                  'The service cannot reach its database just now. Please try again in a few seconds.',
                ),
                details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS, requestId: request.id },
              },
            }),
          );
      }
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      return reply.status(500).send({
        error: {
          code: 'internal_error',
          message: say(
            'internal_error',
            'Something went wrong on our side. Please try again; if it keeps happening, quote this id.',
          ),
          details: { requestId: request.id },
        },
      });
    });
  },
  { name: 'errors' },
);
