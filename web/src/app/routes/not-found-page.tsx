import { NotFoundView } from '../../components/not-found';
import { usePageMeta } from '../../lib/page-meta';
import { useT } from '../../lib/i18n/i18n';

/** Guest spec §2: any unknown path. */
export function NotFoundPage() {
  const { t } = useT();
  usePageMeta({ title: t('notFound.title'), noindex: true });
  return <NotFoundView title={t('notFound.title')} message={t('notFound.text')} />;
}

export default NotFoundPage;
