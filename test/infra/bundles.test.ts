import { Stack, type CfnElement } from 'aws-cdk-lib';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppFunction, BUNDLE_BUDGET_BYTES, PROJECT_ROOT } from '../../lib/lambda-function';
import { IMAGE_PROCESSING_GROUPS } from '../../lib/marketplace-stack';
import { RENDERER_BUNDLE_BUDGET_BYTES } from '../../lib/guest-pages-construct';
import { PHONE_RULES_FILE } from '../../functions/adapters/runtime/lazy-phone-rules';
import {
  DOCUMENT_FONT_FILES,
  DOCUMENT_FONTS_FOLDER,
} from '../../functions/adapters/documents/document-fonts';
import { PDF_ENGINE_FILE } from '../../functions/adapters/documents/lazy-pdfkit';
import { OUR_FUNCTION_ID, synthStack } from './synth';

/** ELF `e_machine` of 64-bit ARM: what Lambda's arm64 runtime can load. */
const EM_AARCH64 = 183;

const lockedVersion = (name: string): string => {
  const lock = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string }>;
  };
  return lock.packages[`node_modules/${name}`]!.version;
};

/** The machine a native library was compiled for, from its ELF header (little-endian). */
function elfMachine(file: string): number {
  const header = readFileSync(file).subarray(0, 20);
  expect(header.subarray(0, 4).toString('latin1'), `${file} is not an ELF file`).toBe('\x7fELF');
  return header.readUInt16LE(18);
}

/** sharp's JavaScript and the linux-arm64 (glibc) binaries beside the bundle, and nothing for another machine. */
function expectSharpForLambda(assetDir: string, label: string) {
  const modules = path.join(assetDir, 'node_modules');
  const sharpPackage = JSON.parse(readFileSync(path.join(modules, 'sharp', 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(sharpPackage.version, label).toBe(lockedVersion('sharp'));
  const img = readdirSync(path.join(modules, '@img'));
  const wanted = ['sharp-linux-arm64', 'sharp-libvips-linux-arm64'];
  expect(img, label).toEqual(expect.arrayContaining(wanted));
  // The build machine's own binaries (x64 here) would be dead weight, and a sign the platform was ignored.
  expect(
    img.filter((name) => name.startsWith('sharp-') && !wanted.includes(name)),
    label,
  ).toEqual([]);
  const addonDir = path.join(modules, '@img', 'sharp-linux-arm64', 'lib');
  const addon = readdirSync(addonDir).find((f) => f.endsWith('.node'));
  expect(addon, label).toBeDefined();
  expect(elfMachine(path.join(addonDir, addon!)), `${label}: sharp addon`).toBe(EM_AARCH64);
  const vipsDir = path.join(modules, '@img', 'sharp-libvips-linux-arm64', 'lib');
  const libvips = readdirSync(vipsDir).find((f) => f.startsWith('libvips-cpp.so'));
  expect(libvips, label).toBeDefined();
  expect(elfMachine(path.join(vipsDir, libvips!)), `${label}: libvips`).toBe(EM_AARCH64);
  // sharp stays out of the bundle: the handler requires the shipped package at run time.
  expect(readFileSync(path.join(assetDir, 'index.js'), 'utf8')).toMatch(/require\("sharp"\)/);
}

/**
 * The phone rules sit beside the bundle, not in it (the bundle requires them on its first phone check), and the
 * file there judges numbers as the library does.
 */
function expectLazyPhoneRules(assetDir: string, label: string) {
  expect(readFileSync(path.join(assetDir, 'index.js'), 'utf8'), label).not.toContain('country_calling_codes');
  const file = path.join(assetDir, PHONE_RULES_FILE);
  const rules = createRequire(file)(file) as typeof import('libphonenumber-js/min');
  expect(rules.parsePhoneNumberFromString('+81 090-1234-5678', 'JP')?.number, label).toBe('+819012345678');
  expect(rules.parsePhoneNumberFromString('+81 0', 'JP')?.isValid() ?? false, label).toBe(false);
}

/**
 * Issue 28: the documents function's PDF engine sits beside its bundle, not in it, with the three TrueType fonts,
 * and that engine (fontkit's WOFF2 decoder left out) makes a PDF with real Japanese and Korean text in them.
 */
async function expectDocumentRendering(assetDir: string) {
  // pdfkit's writer names its streams' filter; the lazy loader in index.js does not.
  expect(readFileSync(path.join(assetDir, 'index.js'), 'utf8')).not.toContain('FlateDecode');
  const fontsDir = path.join(assetDir, DOCUMENT_FONTS_FOLDER);
  expect(readdirSync(fontsDir).sort()).toEqual(
    Object.values(DOCUMENT_FONT_FILES)
      .map((f) => path.basename(f))
      .sort(),
  );
  const engineFile = path.join(assetDir, PDF_ENGINE_FILE);
  const PDFDocument = createRequire(engineFile)(engineFile) as typeof import('pdfkit');
  const jp = path.join(fontsDir, path.basename(DOCUMENT_FONT_FILES.jp));
  // Our font from the start, as the renderer does: pdfkit's default Helvetica is a file the bundle does not carry.
  const doc = new PDFDocument({ size: 'A4', font: jp });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.text('領収書 消費税');
  doc.font(path.join(fontsDir, path.basename(DOCUMENT_FONT_FILES.kr))).text('영수증');
  doc.end();
  await ended;
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Subsets: a few glyphs of fonts of several megabytes.
  expect(pdf.byteLength).toBeLessThan(60_000);
  return { engineBytes: statSync(engineFile).size, pdfBytes: pdf.byteLength };
}

/** The one real synth with esbuild bundling: every function's bundle exists and stays within the budget. */
describe('Lambda bundles', () => {
  it('exist for every function, each within the bundle budget minified, the phone rules beside it; sharp ships for linux-arm64 where asked; the PDF engine and fonts beside the documents function', async () => {
    const { app, stack } = synthStack({ stage: 'dev', bundle: true });
    // Built in the same synth, so the suite pays one bundling pass: a function with the image option whatever
    // routes the back offices have on this branch.
    const probeStack = new Stack(app, 'ImageProbe');
    const probe = new AppFunction(probeStack, 'ImageProbe', {
      entry: 'test/infra/fixtures/image-probe.ts',
      description: 'Probe of the image-processing packaging',
      retainLogs: false,
      imageProcessing: true,
    });
    const assembly = app.synth();
    const assetDirOf = (s: Stack, fn: AppFunction) => {
      const template = assembly.getStackByName(s.stackName).template as {
        Resources: Record<string, { Metadata?: Record<string, string> }>;
      };
      const assetPath =
        template.Resources[s.getLogicalId(fn.node.defaultChild as CfnElement)]?.Metadata?.['aws:asset:path'];
      expect(assetPath, fn.node.id).toBeDefined();
      return path.join(assembly.directory, assetPath!);
    };

    // `host-api` → `HostApi`, as the stack names the function of a handler group.
    const imageFunctionIds = new Set(
      [...IMAGE_PROCESSING_GROUPS].map((g) =>
        g
          .split('-')
          .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
          .join(''),
      ),
    );
    imageFunctionIds.add(probe.node.id);
    const ours = stack.node
      .findAll()
      .filter(
        (c): c is AppFunction =>
          c instanceof AppFunction &&
          OUR_FUNCTION_ID.test(stack.getLogicalId(c.node.defaultChild as CfnElement)),
      );
    expect(ours.length).toBeGreaterThanOrEqual(5);
    const sizes: string[] = [];
    for (const fn of [...ours, probe]) {
      const dir = assetDirOf(fn.stack, fn);
      const size = statSync(path.join(dir, 'index.js')).size;
      expect(size, `${fn.entry}: ${size} bytes`).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
      sizes.push(`${fn.node.id}: ${(size / 1024).toFixed(0)} KB`);
      expectLazyPhoneRules(dir, fn.node.id);
      // The local payment gateway comes only through the local stack's runtime hook, never in a Lambda.
      expect(readFileSync(path.join(dir, 'index.js'), 'utf8'), fn.node.id).not.toContain('pi_local_');
      if (imageFunctionIds.has(fn.node.id)) expectSharpForLambda(dir, fn.node.id);
      // Every other function ships its bundle alone.
      else expect(existsSync(path.join(dir, 'node_modules')), fn.node.id).toBe(false);
    }
    console.log(`Lambda bundles (minified): ${sizes.join('; ')}`);

    const documents = ours.find((fn) => fn.node.id === 'DocumentsApi');
    expect(documents).toBeDefined();
    const rendered = await expectDocumentRendering(assetDirOf(stack, documents!));
    console.log(
      `Documents: PDF engine ${(rendered.engineBytes / 1024).toFixed(0)} KB beside the bundle; a two-line PDF ${rendered.pdfBytes} bytes`,
    );

    // The guest-page renderer has a budget of its own (React, MUI and the guest pages, off the request path): an
    // ES module with production React, the KeyValueStore client and its SigV4A signer inside, S3 from the runtime.
    const renderer = stack.node
      .findAll()
      .find((c): c is AppFunction => c instanceof AppFunction && c.node.id === 'RenderGuestPages');
    const rendererDir = assetDirOf(stack, renderer!);
    const rendererBundle = readFileSync(path.join(rendererDir, 'index.mjs'), 'utf8');
    const rendererSize = Buffer.byteLength(rendererBundle);
    expect(rendererSize, `renderer: ${rendererSize} bytes`).toBeLessThanOrEqual(RENDERER_BUNDLE_BUDGET_BYTES);
    expect(rendererBundle).toContain('PutKey');
    expect(rendererBundle).not.toMatch(/from\s*"@aws-sdk\/(client-cloudfront-keyvaluestore|signature-v4a)"/);
    console.log(`Guest-page renderer bundle (minified): ${(rendererSize / 1024).toFixed(0)} KB`);
  });
});
