import { MemberPage } from '~/components/member-page';

/** /user/order/endorse: business content not built yet; the shell, the title and an honest notice. */
export default function OrderEndorsePage() {
  return <MemberPage page="user/order/endorse" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
