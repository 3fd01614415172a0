/**
 * What every back-office area sets up around its screens: MUI's own texts in Japanese (pagination, autocomplete,
 * date fields) and the document's language while the area is open (screen readers, fonts, line breaking).
 */
import { useEffect } from 'react';
import { createTheme } from '@mui/material/styles';
import { jaJP } from '@mui/material/locale';
import { appTheme } from '../theme';

export const backOfficeTheme = createTheme(appTheme(), jaJP);

export function useDocumentLanguage(lang: string) {
  useEffect(() => {
    const previous = document.documentElement.lang;
    document.documentElement.lang = lang;
    return () => {
      document.documentElement.lang = previous;
    };
  }, [lang]);
}
