import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '@yanbo/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error the client may see: its status, its exact English message and, where the console translates it, a code. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode | undefined;
  readonly field: string | undefined;
  /** Seconds a refused caller should wait (a 429's Retry-After header). */
  retryAfter: number | undefined;
  constructor(statusCode: number, message: string, code?: ErrorCode, field?: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
  }
}

export const badRequest = (message: string, code?: ErrorCode, field?: string) =>
  new HttpError(400, message, code, field);
export const invalidField = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, ERROR_CODES.validation, field);
export const unauthorized = (
  message: string = ERROR_MESSAGES.unauthorized,
  code: ErrorCode = ERROR_CODES.unauthorized,
) => new HttpError(401, message, code);
export const forbidden = (message: string = ERROR_MESSAGES.forbidden, code?: ErrorCode) =>
  new HttpError(403, message, code);
export const notFound = (message: string = ERROR_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, code?: ErrorCode, field?: string) => new HttpError(409, message, code, field);
export const tooManyRequests = (message: string, code: ErrorCode, retryAfter?: number) => {
  const error = new HttpError(429, message, code);
  error.retryAfter = retryAfter;
  return error;
};

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** One error handler: known errors keep their message; validation names the field; a 5xx never shows its cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const message = issue?.message ?? 'Invalid input';
      return reply.status(400).send({
        statusCode: 400,
        error: STATUS_NAMES[400],
        message: field ? `${field}: ${message}` : message,
        code: ERROR_CODES.validation,
        field: field || undefined,
      });
    }
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: STATUS_NAMES[error.statusCode] ?? 'Error',
        message: error.message,
        code: error.code,
        field: error.field,
      });
    }
    if (isDataException(error)) {
      // A value the database refuses to store (a NUL character, an integer out of range) is bad input, not a crash.
      return reply.status(400).send({
        statusCode: 400,
        error: STATUS_NAMES[400],
        message: 'Invalid input',
        code: ERROR_CODES.validation,
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ statusCode: 500, error: STATUS_NAMES[500], message: STATUS_NAMES[500] });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe to show.
    return reply
      .status(status)
      .send({ statusCode: status, error: STATUS_NAMES[status] ?? 'Error', message: error.message });
  });
}

/** PostgreSQL's (and PGlite's) SQLSTATE class 22, "data exception": raised by the values a statement carries. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown; severity?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && 'severity' in (error as object);
}
