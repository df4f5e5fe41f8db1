/** /help and /user/help: the help centre, for visitors (public layout) and inside the member centre. */
import { PageFrame } from '~/ui';
import { PageBand } from '~/ui/page-band';
import { pageContext } from '~/ui/page-context';
import { helpText } from '../texts';
import { HelpArticle } from './help-article';

export async function PublicHelpPage() {
  const { view } = await pageContext();
  const h = helpText(view.locale);
  return (
    <>
      <PageBand title={h.title} lead={h.lead} siteName={view.site.siteName} />
      <div className="container section">
        <HelpArticle locale={view.locale} />
      </div>
    </>
  );
}

export function CentreHelpPage() {
  return (
    <PageFrame
      page="user/help"
      title={({ view }) => helpText(view.locale).title}
      render={({ view }) => (
        <>
          <p className="muted help-lead">{helpText(view.locale).lead}</p>
          <HelpArticle locale={view.locale} />
        </>
      )}
    />
  );
}
