import { NotFoundView } from '../../components/not-found';
import { usePageMeta } from '../../lib/page-meta';

/** Guest spec §2: any unknown path. */
export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', noindex: true });
  return (
    <NotFoundView
      title="Page Not Found"
      message="Sorry, the page you are looking for does not exist or has been moved."
    />
  );
}

export default NotFoundPage;
