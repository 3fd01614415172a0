import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Guest spec §1: when the backend settings are missing, startup fails with a Japanese message instead of a broken
 * app. Plain markup (no theme, no router): nothing else has been set up when this renders.
 */
export function ConfigErrorPage({ detail }: { detail: string }) {
  return (
    <Box
      component="main"
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: '#fafaf7',
        fontFamily: '"Hiragino Sans", "Noto Sans JP", Meiryo, Helvetica, Arial, sans-serif',
      }}
    >
      <Box sx={{ maxWidth: 560, textAlign: 'center' }}>
        <Typography component="h1" sx={{ fontSize: '1.5rem', fontWeight: 700, mb: 2 }}>
          バックエンドの環境変数が設定されていません。
        </Typography>
        <Typography sx={{ color: '#4f5d63', mb: 3 }}>
          The backend environment variables are not set, so the site cannot start. Please contact the site
          administrator.
        </Typography>
        <Typography component="pre" sx={{ fontSize: '0.75rem', color: '#6b777c', whiteSpace: 'pre-wrap' }}>
          {detail}
        </Typography>
      </Box>
    </Box>
  );
}
