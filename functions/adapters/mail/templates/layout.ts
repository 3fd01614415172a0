/**
 * One structured description per mail, rendered twice: as plain text and as HTML. Writing each mail once keeps
 * the two parts from drifting apart, and because every block holds plain text that is escaped here, no
 * guest- or host-typed value can reach the HTML unescaped.
 */
import { escapeHtml, oneLine, type MailLanguage } from './format';
import { guestMailTexts } from './guest-texts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** The booking reference, shown large: it is what the guest types to look the booking up. */
  | { kind: 'reference'; label: string; value: string }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /**
   * A titled box of free text, line breaks kept (cancellation policy, the host's reason, special requests).
   * `caption` says something about the text in the reader's language (that the host wrote it in Japanese), and
   * `textLanguage` marks the text's own language when it is not the mail's.
   */
  | { kind: 'note'; title: string; text: string; caption?: string; textLanguage?: MailLanguage }
  | { kind: 'button'; label: string; url: string };

export interface MailDocument {
  language: MailLanguage;
  subject: string;
  /** The preview line mail clients show after the subject. */
  preheader: string;
  heading: string;
  greeting: string;
  blocks: MailBlock[];
  /** Why the reader got this mail; under the signature. */
  footer: string;
  siteName: string;
}

export function renderMail(doc: MailDocument): RenderedMail {
  return { subject: oneLine(doc.subject), text: renderText(doc), html: renderHtml(doc) };
}

/** Columns a string takes in a monospace font: East Asian wide characters take two. */
const displayWidth = (text: string) => [...text].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);

function renderText(doc: MailDocument): string {
  // Japanese and Chinese text use the full-width colon after a label.
  const colon = guestMailTexts(doc.language).colon;
  const parts: string[] = [doc.greeting];
  for (const block of doc.blocks) {
    switch (block.kind) {
      case 'paragraph':
        parts.push(block.text);
        break;
      case 'reference':
        parts.push(`${block.label}${colon}${block.value}`);
        break;
      case 'facts':
        parts.push(block.rows.map(([label, value]) => `${label}${colon}${value}`).join('\n'));
        break;
      case 'note':
        parts.push(
          `${block.title}\n${'-'.repeat(displayWidth(block.title))}\n` +
            (block.caption ? `${block.caption}\n` : '') +
            block.text.trim(),
        );
        break;
      case 'button':
        parts.push(`${block.label}${colon.trim()}\n${block.url}`);
        break;
    }
  }
  parts.push(`--\n${doc.siteName}\n${doc.footer}`);
  return `${parts.join('\n\n')}\n`;
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', Meiryo, Roboto, Arial, sans-serif";

/** Escaped text with its line breaks kept. */
const multiline = (text: string) => escapeHtml(text.trim()).replace(/\r?\n/g, '<br>');

function renderBlockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#222;">${multiline(block.text)}</p>`;
    case 'reference':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;">` +
        `<tr><td style="background:#f3f6f4;border:1px solid #d5e2da;border-radius:6px;padding:14px 16px;text-align:center;">` +
        `<div style="font-size:13px;color:#555;">${escapeHtml(block.label)}</div>` +
        `<div style="font-size:28px;font-weight:700;letter-spacing:4px;font-family:Menlo,Consolas,monospace;color:#1b4332;">${escapeHtml(block.value)}</div>` +
        `</td></tr></table>`
      );
    case 'facts':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse;">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:14px;font-weight:600;color:#555;white-space:nowrap;border-bottom:1px solid #eee;">${escapeHtml(label)}</th>` +
              `<td valign="top" style="padding:6px 0;font-size:14px;color:#222;border-bottom:1px solid #eee;">${multiline(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'note':
      return (
        `<div style="margin:0 0 20px;padding:12px 16px;border-left:4px solid #95b8a4;background:#fafafa;">` +
        `<div style="font-size:14px;font-weight:600;color:#333;margin-bottom:6px;">${escapeHtml(block.title)}</div>` +
        (block.caption
          ? `<div style="font-size:13px;color:#555;margin-bottom:6px;">${escapeHtml(block.caption)}</div>`
          : '') +
        `<div${block.textLanguage ? ` lang="${escapeHtml(block.textLanguage)}"` : ''} style="font-size:14px;line-height:1.6;color:#333;">${multiline(block.text)}</div></div>`
      );
    case 'button':
      return (
        `<p style="margin:0 0 20px;"><a href="${escapeHtml(block.url)}" ` +
        `style="display:inline-block;background:#1b4332;color:#ffffff;text-decoration:none;font-size:15px;font-weight:600;padding:12px 20px;border-radius:6px;">` +
        `${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:-12px 0 20px;font-size:12px;color:#777;word-break:break-all;">${escapeHtml(block.url)}</p>`
      );
  }
}

function renderHtml(doc: MailDocument): string {
  const body = doc.blocks.map(renderBlockHtml).join('\n');
  return `<!DOCTYPE html>
<html lang="${doc.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(oneLine(doc.subject))}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(doc.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #eee;font-size:16px;font-weight:700;color:#1b4332;">${escapeHtml(doc.siteName)}</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:#111;">${escapeHtml(doc.heading)}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#222;">${escapeHtml(doc.greeting)}</p>
${body}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #eee;font-size:12px;line-height:1.5;color:#777;">${multiline(doc.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
