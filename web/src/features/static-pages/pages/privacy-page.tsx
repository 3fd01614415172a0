import { Sections, StaticPage } from '../components/static-page';
import { staticPagesContent } from '../content';

/** Guest spec §2: the Privacy Policy has 15 articles. */
export function PrivacyPage() {
  const { content, lang } = staticPagesContent.useContent();
  const { title, description, articles } = content.privacy;
  return (
    <StaticPage title={title} description={description} lang={lang}>
      <Sections sections={articles} />
    </StaticPage>
  );
}
export const contentLoader = staticPagesContent.loader;
