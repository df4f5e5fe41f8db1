/** Messages of the JSON API (/userapi/v1) and of the shared field rules (src/lib/fields.ts); each feature adds its own in src/features/<area>/messages.ts. */
export default {
  success: 'Operation successful',
  auth: {
    needLogin: 'Please login first',
    expired: 'Login expired, please login again.',
    signatureInvalid: 'The sign-in link is invalid or has expired',
  },
  forbidden: 'You do not have permission to operate!',
  memberCenterClosed: 'Member center is closed',
  crossOrigin: 'Cross-site request refused',
  badRequest: 'Incorrect parameter!',
  inputInvalid: 'input data is not valid',
  notFound: 'Error requesting address: {url}',
  conflict: 'The same data already exists in the system!',
  tooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  tooManyRequests: 'Too many requests, please try again later',
  serverError: 'Server internal error!',
  validate: {
    invalid: 'This value is not valid',
    required: 'This field is required',
    account: 'Account must be 3 to 15 characters, start with a letter, and contain only letters, digits and underscores',
    password: 'Password must be 6 to 32 characters and must not contain & < > " \'',
    email: 'Please enter the correct email',
    mobile: 'Please enter the correct mobile number',
  },
};
