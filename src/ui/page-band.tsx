/** The title band at the top of the publictwo pages (offer, product): <title>, heading and lead. */
import { PageTitle } from '~/ui/page-title';

export function PageBand({ title, lead, siteName }: { title: string; lead: string; siteName: string }) {
  return (
    <>
      <PageTitle page={title} siteName={siteName} />
      <section className="page-band">
        <div className="container">
          <h1>{title}</h1>
          <p className="page-band-lead">{lead}</p>
        </div>
      </section>
    </>
  );
}
