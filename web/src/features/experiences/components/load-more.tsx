import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useT } from '../../../lib/i18n/i18n';

/** "Load more experiences" under a paged grid (the list and the search), while another page follows. */
export function LoadMore({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const { t } = useT();
  if (!pages.hasNextPage) return null;
  return (
    <Box sx={{ textAlign: 'center', mt: 4 }}>
      <Button
        variant="outlined"
        size="large"
        onClick={() => void pages.fetchNextPage()}
        disabled={pages.isFetchingNextPage}
      >
        {pages.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
      </Button>
    </Box>
  );
}
