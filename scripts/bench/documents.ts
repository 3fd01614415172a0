/**
 * `npm run bench:documents` (issue 28, DESIGN §8 "Money"): receipt and statement PDF size and generation time, and
 * what the documents function ships.
 *
 * - Generation: the document models of `functions/domain` rendered by the real renderer with the fonts from
 *   `node_modules`, BENCH_DOCUMENT_RUNS (default 20) times each after one first document; the median, the fastest
 *   and the slowest of those, and the first one apart (it reads and parses the font files, as the first document
 *   of a Lambda container does). A receipt in each guest language, a reissue after a refund, and a month's
 *   statement of BENCH_STATEMENT_BOOKINGS (default 40) bookings with two payouts.
 * - The function: the documents function bundled exactly as `cdk synth` bundles it (its `AppFunction` in a stack
 *   of its own): the minified `index.js`, the PDF engine beside it, the fonts, and in fresh `node` processes the
 *   cold `require` of `index.js` and of the engine and a first receipt with the shipped engine and fonts.
 *
 * Writes `test-results/bench-documents.md` (and prints it). No stack, no network; temporary files are removed.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { DOCUMENT_FONTS_FOLDER, DocumentFontFiles } from '../../functions/adapters/documents/document-fonts';
import { PDF_ENGINE_FILE } from '../../functions/adapters/documents/lazy-pdfkit';
import { PdfDocumentRenderer } from '../../functions/adapters/documents/pdf-documents';
import { SAMPLE_DOCUMENT_ISSUER } from '../../functions/domain/document-issuer';
import type { GuestLocale } from '../../functions/domain/entities';
import {
  receiptDocument,
  receiptDocumentNumber,
  type ReceiptDocument,
} from '../../functions/domain/receipt-document';
import {
  statementDocument,
  statementDocumentNumber,
  type StatementDocument,
} from '../../functions/domain/statement-document';
import { AppFunction, PROJECT_ROOT } from '../../lib/lambda-function';
import { freshNodeMs } from './fresh-node';
import { envInt, median, say } from './load';

const RUNS = envInt('BENCH_DOCUMENT_RUNS', 20);
const STATEMENT_BOOKINGS = envInt('BENCH_STATEMENT_BOOKINGS', 40);
const REPORT = join(PROJECT_ROOT, 'test-results', 'bench-documents.md');
const NOW = new Date('2026-11-26T03:00:00Z');

const receipts: Record<GuestLocale, string> = {
  en: 'Acme Travel Ltd.',
  ja: '株式会社みかん',
  'zh-Hant': '王小明',
  ko: '주식회사 한빛여행',
};

function receipt(locale: GuestLocale, reissue = false): ReceiptDocument {
  return receiptDocument({
    locale,
    documentNumber: receiptDocumentNumber('AB12CD', reissue ? 2 : 1),
    issueNumber: reissue ? 2 : 1,
    replaces: reissue ? receiptDocumentNumber('AB12CD', 1) : null,
    issuedAt: NOW,
    issuer: SAMPLE_DOCUMENT_ISSUER,
    addressee: receipts[locale],
    purpose: '道後温泉ガイドツアー',
    booking: {
      reference: 'AB12CD',
      experienceTitle: '道後温泉ガイドツアー（道後温泉本館と湯神社）',
      date: '2026-11-20',
      time: '10:00',
      guests: 2,
    },
    charged: 24_000,
    refunded: reissue ? 5_000 : 0,
  });
}

function statement(): StatementDocument {
  const bookings = Array.from({ length: STATEMENT_BOOKINGS }, (_, i) => {
    const gross = 8_000 * (1 + (i % 4));
    const platformFee = Math.floor((gross * 15) / 100);
    return {
      bookingId: `b${i}`,
      reference: `R${String(i).padStart(5, '0')}`,
      experienceTitle: i % 2 ? 'しまなみ海道サイクリング' : '道後温泉ガイドツアー',
      tourDate: `2026-10-${String(1 + (i % 31)).padStart(2, '0')}`,
      gross,
      platformFee,
      refunded: 0,
      net: gross - platformFee,
      status: 'paid' as const,
      payoutId: 'p1',
    };
  });
  return statementDocument({
    month: '2026-10',
    issuedAt: NOW,
    documentNumber: statementDocumentNumber('2026-10', 'host-bench'),
    issuer: SAMPLE_DOCUMENT_ISSUER,
    host: { id: 'host-bench', businessName: '松山サイクリング', invoiceRegistrationNumber: 'T7000012050002' },
    bookings,
    payouts: [
      {
        id: 'p1',
        createdAt: '2026-10-06T21:00:00Z',
        arrivalDate: '2026-10-09',
        amount: 120_000,
        status: 'paid',
      },
      {
        id: 'p2',
        createdAt: '2026-10-20T21:00:00Z',
        arrivalDate: '2026-10-23',
        amount: 98_000,
        status: 'paid',
      },
    ],
  });
}

interface Row {
  label: string;
  bytes: number;
  firstMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

async function timeDocument(
  label: string,
  render: (r: PdfDocumentRenderer) => Promise<Uint8Array>,
): Promise<Row> {
  // A renderer of its own: its first document reads and parses the fonts it uses, as a new container's does.
  const renderer = new PdfDocumentRenderer(new DocumentFontFiles(join(PROJECT_ROOT, 'node_modules')));
  let started = performance.now();
  const first = await render(renderer);
  const firstMs = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await render(renderer);
    times.push(performance.now() - started);
  }
  say(`${label}: ${first.byteLength} bytes, median ${median(times).toFixed(1)} ms`);
  return {
    label,
    bytes: first.byteLength,
    firstMs,
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
  };
}

/** The documents function as `cdk synth` bundles it; the folder of its asset. */
function bundleDocumentsFunction(workDir: string): string {
  const outdir = join(workDir, 'cdk.out');
  const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
  const stack = new Stack(app, 'DocumentsBench', {
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  const fn = new AppFunction(stack, 'DocumentsApi', {
    entry: 'functions/api/documents-api.ts',
    description: 'bench',
    retainLogs: false,
    documentRendering: true,
  });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Metadata?: Record<string, string> }>;
  };
  const assetPath =
    template.Resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)]?.Metadata?.['aws:asset:path'];
  if (!assetPath) throw new Error('No asset for the documents function');
  return join(outdir, assetPath);
}

const COLD_RUNS = 5;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-documents-'));
  try {
    const rows: Row[] = [];
    for (const locale of ['ja', 'en', 'zh-Hant', 'ko'] as const) {
      const model = receipt(locale);
      rows.push(await timeDocument(`Receipt (${locale})`, (r) => r.receipt(model)));
    }
    const reissue = receipt('ja', true);
    rows.push(await timeDocument('Receipt reissued after a refund (ja)', (r) => r.receipt(reissue)));
    const monthly = statement();
    rows.push(
      await timeDocument(`Statement, ${STATEMENT_BOOKINGS} bookings and 2 payouts`, (r) =>
        r.statement(monthly),
      ),
    );

    say('Bundling the documents function as cdk synth does …');
    const asset = bundleDocumentsFunction(workDir);
    const indexBytes = statSync(join(asset, 'index.js')).size;
    const engineBytes = statSync(join(asset, PDF_ENGINE_FILE)).size;
    const fontsDir = join(asset, DOCUMENT_FONTS_FOLDER);
    const fonts = readdirSync(fontsDir).map((f) => ({ name: f, bytes: statSync(join(fontsDir, f)).size }));
    const probe = (body: string) =>
      `const t = performance.now(); ${body}; Promise.resolve(r).then(() => process.stdout.write(String(performance.now() - t)));`;
    const coldIndex: number[] = [];
    const coldEngine: number[] = [];
    const coldFirst: number[] = [];
    const jp = JSON.stringify(join(fontsDir, fonts.find((f) => f.name.includes('JP'))!.name));
    for (let i = 0; i < COLD_RUNS; i++) {
      coldIndex.push(freshNodeMs(asset, probe(`const r = require('./index.js')`)));
      coldEngine.push(freshNodeMs(asset, probe(`const r = require('./${PDF_ENGINE_FILE}')`)));
      coldFirst.push(
        freshNodeMs(
          asset,
          probe(
            `const P = require('./${PDF_ENGINE_FILE}'); const d = new P({ size: 'A4', font: ${jp} }); const r = new Promise((ok) => { d.on('data', () => {}); d.on('end', ok); }); d.fontSize(24).text('領収書 ¥24,000- 消費税 クレジットカード決済'); d.end()`,
          ),
        ),
      );
    }

    const lines = [
      '# Documents (issue 28)',
      '',
      `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} · ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
      '',
      `PDF generation, the real renderer and fonts; ${RUNS} documents after the first (which reads and parses its fonts).`,
      '',
      '| Document | PDF size | First (fonts loaded) | Median | Fastest | Slowest |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.label} | ${kb(r.bytes)} | ${r.firstMs.toFixed(0)} ms | ${r.medianMs.toFixed(1)} ms | ${r.minMs.toFixed(1)} ms | ${r.maxMs.toFixed(1)} ms |`,
      ),
      '',
      'The documents function as `cdk synth` bundles it (median of ' + COLD_RUNS + ' fresh processes):',
      '',
      '| Part | Size | Cold |',
      '| --- | ---: | ---: |',
      `| \`index.js\` (minified; the AWS SDK from the runtime) | ${kb(indexBytes)} | require ${median(coldIndex).toFixed(0)} ms |`,
      `| \`${PDF_ENGINE_FILE}\` (pdfkit + fontkit, minified, loaded by the first document) | ${kb(engineBytes)} | require ${median(coldEngine).toFixed(0)} ms; first one-page PDF ${median(coldFirst).toFixed(0)} ms |`,
      ...fonts.map(
        (f) =>
          `| \`${DOCUMENT_FONTS_FOLDER}/${f.name}\` | ${kb(f.bytes)} | read when a document first needs it |`,
      ),
      '',
    ];
    const report = lines.join('\n');
    mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
    writeFileSync(REPORT, report);
    process.stdout.write(`${report}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
