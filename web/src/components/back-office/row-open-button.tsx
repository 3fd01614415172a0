import type { ReactNode } from 'react';
import ButtonBase from '@mui/material/ButtonBase';

/**
 * The keyboard's way into a clickable row or card (issue 21 item 2): a real button (Tab reaches it, Enter and Space
 * press it) around the row's main text, with a visible focus ring. The row keeps its mouse click.
 */
export function RowOpenButton({
  label,
  onOpen,
  children,
}: {
  /** What the button does, e.g. 予約番号 ABC123 を開く. */
  label: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <ButtonBase
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
      sx={{
        display: 'block',
        width: '100%',
        minWidth: 0,
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        borderRadius: 0.5,
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </ButtonBase>
  );
}
