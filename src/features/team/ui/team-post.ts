/**
 * A write to the team API from the team's forms: the API's success message as a toast, a failure
 * thrown (not toasted) so the form shows it by its fields.
 */
import { request } from '~/lib/http';

export function postTeam(path: 'add' | 'edit' | 'allocate' | 'resetPassword', data: unknown) {
  return request({ url: `/userapi/v1/team/${path}`, method: 'POST', data, showSuccessMessage: true, showErrorMessage: false });
}
