import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { StaticPage } from '../components/static-page';
import { staticPagesContent } from '../content';
import { LEGAL_ITEMS, LEGAL_TITLE } from '../content/types';

/**
 * The notation required by the Act on Specified Commercial Transactions (特定商取引法に基づく表記): every row names
 * its legal item in the Act's own (Japanese) words next to the page's label.
 */
export function CommercialNoticePage() {
  const { content, lang } = staticPagesContent.useContent();
  const { title, description, lead, tableLabel, rows } = content.commercial;
  const inJapanese = (text: string) =>
    lang === 'ja' ? null : (
      <>
        {' '}
        (<span lang="ja">{text}</span>)
      </>
    );
  return (
    <StaticPage
      title={title}
      description={description}
      lead={
        <>
          {lead}
          {inJapanese(LEGAL_TITLE)}
        </>
      }
      lang={lang}
    >
      <Table aria-label={tableLabel}>
        <TableBody>
          {rows.map(([label, value], i) => (
            <TableRow key={label}>
              <TableCell
                component="th"
                scope="row"
                sx={{ fontWeight: 700, width: { sm: '35%' }, verticalAlign: 'top' }}
              >
                {label}
                {inJapanese(LEGAL_ITEMS[i]!)}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </StaticPage>
  );
}
export const contentLoader = staticPagesContent.loader;
