/** /user/file/sealfile (issue #13): seal PDFs with the company's approved seal; history; seals. */
import type { PageProps } from 'waku/router';
import { PageFrame } from '~/ui';
import { SealCentre } from '~/components/seal-centre';

export default function FileSealfilePage({ query }: PageProps<'/user/file/sealfile'>) {
  return <PageFrame page="user/file/sealfile" render={(ctx) => <SealCentre ctx={ctx} query={query ?? ''} />} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
