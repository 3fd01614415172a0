import Box from '@mui/material/Box';

/**
 * On a page not yet translated (static pages, /ehime), the note in the site's language that what follows is
 * English: the page is marked `lang="en"` so screen readers and browser translation read it as English.
 */
export function EnglishOnlyNote({ text, locale }: { text: string; locale: string }) {
  return (
    <Box
      role="note"
      lang={locale}
      sx={{
        mb: 3,
        p: 1.5,
        borderRadius: 1,
        bgcolor: '#eef5f8',
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      {text}
    </Box>
  );
}
