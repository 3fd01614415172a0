import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The back office's error boundary (a failed screen download after a deploy is fixed by reloading). */
export function BackOfficeRouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container maxWidth="sm" sx={{ py: 18, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        エラーが発生しました。もう一度お試しください。
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        再読み込み
      </Button>
    </Container>
  );
}
