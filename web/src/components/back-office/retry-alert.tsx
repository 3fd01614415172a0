import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * What failed to load, and 再読み込み to try again: every back-office screen's load error. Without `onRetry` (a
 * record that does not exist: trying again would not help) the message stands alone.
 */
export function RetryAlert({
  onRetry,
  sx,
  children,
}: {
  onRetry?: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            再読み込み
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
