import Typography, { type TypographyProps } from '@mui/material/Typography';

/**
 * One line of a table cell that never wraps: cut with an ellipsis, the whole text in the tooltip (issue 21 item 13:
 * titles squeezed to four characters a line, e-mails broken mid-word).
 */
export function TruncatedText({
  text,
  variant = 'body2',
  ...rest
}: { text: string } & Omit<TypographyProps, 'children' | 'noWrap' | 'title'>) {
  return (
    <Typography variant={variant} noWrap title={text} {...rest}>
      {text}
    </Typography>
  );
}
