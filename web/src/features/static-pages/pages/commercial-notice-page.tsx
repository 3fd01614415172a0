import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PRICE_TERMS } from '@domain/price-terms';
import { StaticPage } from '../components/static-page';

/** The notation required by the Act on Specified Commercial Transactions (特定商取引法に基づく表記). */
const ROWS: readonly [string, string][] = [
  ['Seller (販売業者)', 'Ehime Experiences Co., Ltd.'],
  ['Representative (代表者)', 'Disclosed without delay on request through the contact form'],
  ['Address (所在地)', 'Disclosed without delay on request through the contact form'],
  ['Contact (連絡先)', 'Contact form linked in the header; reception hours 10:30–18:00 (Japan time)'],
  [
    'Price (販売価格)',
    'Shown on each experience page, in Japanese yen per participant, consumption tax included',
  ],
  [
    'Additional charges (商品代金以外の必要料金)',
    `${PRICE_TERMS.en} Interpretation, optional add-ons, souvenirs or delivery that you arrange on the day are charged separately.`,
  ],
  ['Payment method (支払方法)', 'Credit card'],
  [
    'Payment timing (支払時期)',
    'The card is authorised when the booking request is sent and charged when the host confirms it (within 48 hours)',
  ],
  ['Provision of service (役務の提供時期)', 'On the date and time of the confirmed booking'],
  [
    'Cancellation (キャンセル)',
    'According to the cancellation policy of each experience; by default free of charge up to 7 days before (100% refund). No refund for no-shows or for arriving more than 15 minutes late.',
  ],
  [
    'Refunds (返金)',
    'Refund handling fees are borne by the customer; card refunds may take 1–2 months after the billing closing date',
  ],
];

export function CommercialNoticePage() {
  return (
    <StaticPage
      title="Commercial Notice"
      description="Legal notation under the Act on Specified Commercial Transactions."
      lead="特定商取引法に基づく表記"
    >
      <Table aria-label="Legal notation">
        <TableBody>
          {ROWS.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell
                component="th"
                scope="row"
                sx={{ fontWeight: 700, width: { sm: '35%' }, verticalAlign: 'top' }}
              >
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </StaticPage>
  );
}
