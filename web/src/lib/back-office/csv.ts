/**
 * CSV files that open correctly in Excel on a Japanese Windows machine: UTF-8 with a byte-order mark (without it,
 * Excel reads the file as Shift_JIS and the Japanese turns to mojibake), CRLF line ends, every field quoted as RFC
 * 4180 says when it holds a comma, a quote or a line break, and cells that would start a formula neutralised.
 */

const BOM = '\uFEFF';

/** A cell as text; a value Excel would run as a formula (`=`, `+`, `-`, `@`) gets a leading apostrophe. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `content` as a file through the browser's download. */
export function downloadText(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
