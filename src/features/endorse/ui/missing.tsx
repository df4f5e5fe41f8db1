/** A record that does not exist (or is not the member's): 404 status and a notice (decision 0014). */
import { markRecordNotFound } from '~/server/context';
import { Notice } from '~/ui/notice';

export function RecordMissing({ message }: { message: string }) {
  markRecordNotFound();
  return (
    <Notice kind="warning" role="alert">
      <p>{message}</p>
    </Notice>
  );
}
