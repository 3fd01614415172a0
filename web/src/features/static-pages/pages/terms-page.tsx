import { Sections, StaticPage } from '../components/static-page';
import { staticPagesContent } from '../content';

export function TermsPage() {
  const { content, lang } = staticPagesContent.useContent();
  const { title, description, lead, articles } = content.terms;
  return (
    <StaticPage title={title} description={description} lead={lead} lang={lang}>
      <Sections sections={articles} />
    </StaticPage>
  );
}
export const contentLoader = staticPagesContent.loader;
