/**
 * Lambda only: stands in for `pdfkit` in the documents function's bundle (an esbuild alias set by
 * `lib/lambda-function.ts`). pdfkit with its font engine weighs ~465 KB minified (fontkit's WOFF2 decoder, another
 * ~490 KB, is left out: the fonts are TrueType), more than a whole function may parse at a cold start. So it is
 * bundled on its own into `pdf-engine.js` beside the function's `index.js` and required when the first document of
 * a container is made: a 404 or a 429 of the same function never parses it. Locally the real module is imported.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type RealPDFDocument from 'pdfkit';

/** The file the bundling writes beside `index.js` (see `lib/lambda-function.ts`). */
export const PDF_ENGINE_FILE = 'pdf-engine.js';

let engine: typeof RealPDFDocument | undefined;

/** Loads pdfkit from `dir` (the bundle's own folder in Lambda) once per container. */
export function loadPdfEngine(dir: string = __dirname): typeof RealPDFDocument {
  const file = path.join(dir, PDF_ENGINE_FILE);
  // A run-time path: the bundler leaves this require to Node.
  engine ??= createRequire(file)(file) as typeof RealPDFDocument;
  return engine;
}

/** `new PDFDocument(options)`: a constructor that hands back an instance of the real one. */
function PDFDocument(...args: ConstructorParameters<typeof RealPDFDocument>): PDFKit.PDFDocument {
  const Real = loadPdfEngine();
  return new Real(...args);
}

export default PDFDocument as unknown as typeof RealPDFDocument;
