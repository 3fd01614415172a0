/**
 * The experience form's section index (issue 32 item 13): every section by number, marked when it holds a message
 * or unsaved changes; a click opens the section and brings it into view. On a phone it is one line that scrolls
 * sideways inside itself; wider, it wraps. 「すべて開く」/「すべて閉じる」 beside it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import { useFormSectionsContext } from '../hooks/form-sections';
import { SectionMarkers } from './form-section';

export function FormSectionIndex() {
  const sections = useFormSectionsContext();
  if (!sections) return null;
  const allOpen = sections.specs.every((s) => sections.isOpen(s.id));
  return (
    <Box
      component="nav"
      aria-label="セクション一覧"
      sx={{ mb: 2, display: 'flex', gap: 1, alignItems: 'flex-start', displayPrint: 'none' }}
    >
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          flex: 1,
          minWidth: 0,
          display: 'flex',
          gap: 0.75,
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          pb: { xs: 0.5, sm: 0 },
        }}
      >
        {sections.specs.map((spec, i) => {
          const status = sections.status(spec.id);
          return (
            <li key={spec.id}>
              <ButtonBase
                onClick={() => sections.show(spec.id)}
                aria-current={sections.isOpen(spec.id) ? 'true' : undefined}
                sx={{
                  gap: 0.75,
                  px: 1.25,
                  py: 0.5,
                  borderRadius: 4,
                  border: 1,
                  borderColor: status.error ? 'error.main' : 'divider',
                  color: status.error ? 'error.main' : 'text.primary',
                  bgcolor: sections.isOpen(spec.id) ? 'action.selected' : 'background.paper',
                  fontSize: '0.8125rem',
                  whiteSpace: 'nowrap',
                }}
              >
                <Box component="span" aria-hidden sx={{ color: 'text.secondary', fontWeight: 700 }}>
                  {i + 1}
                </Box>
                {spec.title}
                <SectionMarkers {...status} />
              </ButtonBase>
            </li>
          );
        })}
      </Box>
      <Button
        size="small"
        onClick={() => sections.setAllOpen(!allOpen)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {allOpen ? 'すべて閉じる' : 'すべて開く'}
      </Button>
    </Box>
  );
}
