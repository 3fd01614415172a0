/* global module */
// Stands in for `brotli/decompress.js` in the PDF engine bundle (lib/lambda-function.ts): only WOFF2 fonts need it
// (~490 KB minified), and the documents embed TrueType files.
module.exports = function decompress() {
  throw new Error('WOFF2 fonts are not supported by the documents function');
};
