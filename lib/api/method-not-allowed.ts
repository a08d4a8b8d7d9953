import { ApiError } from './errors';
import { errorResponse } from './handler';

/**
 * A handler for the methods a route does not take, answering 405 with `Allow` (RFC 9110) in the API's error shape.
 * Next answers an unexported method with a bare 405 and no `Allow`, and HEAD with the GET handler, so a POST-only
 * route exports this as GET: HEAD and GET then learn, free, which method to use.
 */
export function methodNotAllowed(...allow: string[]) {
  return async (request: Request): Promise<Response> =>
    errorResponse(
      new ApiError({
        code: 'method_not_allowed',
        message: `${request.method} is not allowed here: use ${allow.join(' or ')}.`,
        headers: { Allow: allow.join(', ') },
      }),
      request,
    );
}
