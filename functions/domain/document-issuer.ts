/**
 * The platform as the issuer of receipts and statements (issue 28): its name, address and invoice registration
 * number come from configuration (CDK context → the documents function's environment). The local stack and the dev
 * stage print this sample, whose number has a valid check digit but belongs to nobody; production refuses to
 * synthesise without the real values (`lib/stage-config.ts`).
 */
import type { DocumentIssuer } from './receipt-document';

export const SAMPLE_DOCUMENT_ISSUER: DocumentIssuer = {
  name: 'Ehime Experiences（見本）',
  address: '〒790-0001 愛媛県松山市一番町1-1-1（見本）',
  invoiceRegistrationNumber: 'T7123456789012',
};
