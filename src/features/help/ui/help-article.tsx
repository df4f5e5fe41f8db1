/**
 * The help centre's content: a list of topics, each with what it is for and a link to the page
 * where the work is done. The public page (/help) and the member centre's page show the same article.
 */
import './help.css';
import type { Locale } from '~/lib/types';
import { NavAnchor } from '~/ui/nav-anchor';
import { helpText } from '../texts';

export function HelpArticle({ locale }: { locale: Locale }) {
  const h = helpText(locale);
  return (
    <div className="help-article">
      <nav className="help-contents card" aria-label={h.contents}>
        <h2>{h.contents}</h2>
        <ol>
          {h.topics.map((topic) => (
            <li key={topic.id}>
              <a href={`#help-${topic.id}`}>{topic.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="help-topics">
        {h.topics.map((topic) => (
          <section key={topic.id} id={`help-${topic.id}`} className="help-topic card" aria-labelledby={`help-${topic.id}-title`}>
            <h2 id={`help-${topic.id}-title`}>{topic.title}</h2>
            {topic.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <NavAnchor to={topic.to} className="link-arrow" match="none">
              {h.open}
            </NavAnchor>
          </section>
        ))}
        <section className="help-topic help-contact card">
          <h2>{h.contact.title}</h2>
          <p>{h.contact.body}</p>
        </section>
      </div>
    </div>
  );
}
