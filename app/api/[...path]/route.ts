import { ApiError } from '@/lib/api/errors';
import { errorResponse } from '@/lib/api/handler';

// Unknown API paths answer in the API's JSON error shape instead of the website's HTML 404 page.
const notFound = async () => errorResponse(new ApiError({ code: 'not_found', message: 'Not found' }));

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
