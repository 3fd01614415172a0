/**
 * Amounts in yen as a row of cards (a description list: each label a `dt`, its figure the `dd`), with the label's
 * explanation as a tooltip reachable by keyboard. A negative figure (a debt) shows in red. Skeletons while loading.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatYen } from '../../lib/back-office/format';

export interface Figure {
  key: string;
  label: string;
  help: string;
}

export function FigureCards({
  figures,
  values,
  label,
  testIdPrefix,
  columns,
}: {
  figures: readonly Figure[];
  /** Absent while loading. */
  values: Readonly<Record<string, number>> | undefined;
  label: string;
  testIdPrefix: string;
  /** Cards per row on phones and from `breakpoint` up. */
  columns: { xs: number; wide: number; breakpoint: 'sm' | 'md' };
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
          [columns.breakpoint]: `repeat(${columns.wide}, minmax(0, 1fr))`,
        },
        gap: { xs: 1, sm: 2 },
        m: 0,
        mb: 3,
      }}
    >
      {figures.map(({ key, label: name, help }) => {
        const value = values?.[key];
        return (
          <Paper key={key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Tooltip title={help}>
              <Typography component="dt" variant="body2" color="text.secondary" tabIndex={0}>
                {name}
              </Typography>
            </Tooltip>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: { xs: '1.15rem', sm: '1.4rem' }, fontWeight: 700 }}
            >
              {value === undefined ? (
                <Skeleton width={80} />
              ) : (
                <Box
                  component="span"
                  data-testid={`${testIdPrefix}-${key}`}
                  sx={{ color: value < 0 ? 'error.main' : undefined }}
                >
                  {formatYen(value)}
                </Box>
              )}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
