import { MemberPage } from '~/components/member-page';

/** /user/order/guzhu: business content not built yet; the shell, the title and an honest notice. */
export default function OrderGuzhuPage() {
  return <MemberPage page="user/order/guzhu" notBuilt />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
