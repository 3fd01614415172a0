/** Saves `content` (the booking CSV of `@domain/booking-csv`, …) as a file through the browser's download. */
export function downloadText(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(filename, new Blob([content], { type }));
}

/** Saves a file the API made (its bytes as they are: a CSV's byte-order mark, a PDF). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
