import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|code|password|authorization|recovery_code|secret)=)[^&]*/gi;
const SECRET_PATHS = /(\/(?:shared|booking|upload|documents-upload)\/)[^/?]+/g;

/** Never log tokens from URLs: shared links and query parameters are masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Request logs carry method, redacted URL and the client address; never bodies, cookies or
 * authorization headers, so passwords, codes and tokens stay out of the logs.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
