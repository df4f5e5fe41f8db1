import { MemberPage } from '~/components/member-page';

/** /user/file/sealfile: business content not built yet; the shell, the title and an honest notice. */
export default function FileSealfilePage() {
  return <MemberPage page="user/file/sealfile" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
