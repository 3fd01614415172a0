/** The 'Read more' modal of a producer; loaded on the first 'Read more' so the home page does not ship a modal. */
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { Producer } from '../content/producers';
import { useT } from '../../../lib/i18n/i18n';

/** Closes on a click outside (backdrop), on × and on Escape. */
export default function ProducerDialog({
  producer,
  onClose,
}: {
  producer: Producer | null;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Dialog
      open={producer !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="producer-dialog-title"
    >
      {producer && (
        <>
          <DialogTitle id="producer-dialog-title" sx={{ pr: 6 }}>
            {t(`producer.${producer.id}.person`)} — {t(`producer.${producer.id}.role`)}
            <IconButton
              aria-label={t('common.close')}
              onClick={onClose}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <Box
              component="img"
              src={producer.image}
              alt=""
              width={400}
              height={400}
              sx={{ width: 160, height: 160, borderRadius: '50%', float: 'right', ml: 2, mb: 1 }}
            />
            <Typography>{t(`producer.${producer.id}.text`)}</Typography>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
