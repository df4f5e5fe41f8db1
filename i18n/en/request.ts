/**
 * Messages of the browser HTTP helper (src/lib/http) and the notifications island.
 * The status table is spec §8 word for word; `notFound` is followed directly by the url.
 */
const messages = {
  status: {
    302: 'Interface redirected!',
    400: 'Incorrect parameter!',
    401: 'You do not have permission to operate!',
    403: 'You do not have permission to operate!',
    404: 'Error requesting address:',
    408: 'Request timed out!',
    409: 'The same data already exists in the system!',
    500: 'Server internal error!',
    501: 'Service not implemented!',
    502: 'Gateway error!',
    503: 'Service unavailable!',
    504: 'The service is temporarily unavailable Please try again later!',
    505: 'HTTP version is not supported!',
  } as Record<number, string>,
  other: 'Abnormal problem, please contact the website administrator!',
  timeout: 'Network request timeout!',
  network: 'Server exception!',
  offline: 'You are disconnected!',
  success: 'Operation successful',
  loading: 'Loading...',
  close: 'Close',
  notifications: 'Notifications',
};

export type RequestMessages = typeof messages;
export default messages;
