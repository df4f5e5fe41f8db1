import { MemberPage } from '~/components/member-page';

/** /user/order/tuanyi: business content not built yet; the shell, the title and an honest notice. */
export default function OrderTuanyiPage() {
  return <MemberPage page="user/order/tuanyi" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
