import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@embauche/contracts/errors';
import { HttpError, type FieldErrors } from './http-error.ts';
import { invalidMultipart, isMalformedMultipart } from './parse-body.ts';
import { validationCode } from './validation-code.ts';

/** The one place where thrown errors become answers; handlers never catch to format. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A route that reads `request.parts()` itself, without readMultipart, still answers 400.
    if (isMalformedMultipart(error)) error = invalidMultipart();
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_';
        (errors[field] ??= []).push(validationCode(issue.keyword, issue.message));
      }
      return reply
        .status(422)
        .send({ message: 'The given data was invalid.', code: ERROR_CODES.validation, errors });
    }
    const status = error.statusCode ?? 500;
    if (
      status === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ) {
      return reply
        .status(413)
        .send({ message: 'Payload too large.', code: ERROR_CODES.payloadTooLarge });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Internal server error.', code: ERROR_CODES.internal });
  });
}
