// The account mails (a reset link, an address to confirm): a short Telugu text with the English
// beside it, one link, as plain text and as one-column HTML that reads without images.
import { SITE_NAME } from '../../contract/site.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The system font stack with Telugu faces phones and desktops have. */
export const MAIL_FONTS = "'Noto Sans Telugu','Nirmala UI','Gautami',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

/** One column, at most 600px wide, readable on a phone without images. */
export function mailPage(title: string, body: string): string {
  return `<!doctype html><html lang="te"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:${MAIL_FONTS};color:#1a1a1a;line-height:1.6">
<div style="max-width:600px;margin:0 auto;padding:16px;background:#ffffff">
<p style="margin:0 0 12px;font-size:20px;font-weight:bold;color:#b3001b">${escapeHtml(SITE_NAME)}</p>
${body}
</div></body></html>`;
}

export type AccountMail = { subject: string; text: string; html: string };

/** A mail whose point is one link: lines of text (Telugu, then English), the link as a button and as text. */
export function linkMail(
  subject: string,
  lines: string[],
  link: { label: string; url: string },
  after: string[] = [],
): AccountMail {
  const text = [...lines, '', link.url, '', ...after, '', `— ${SITE_NAME}`].join('\n');
  const para = (line: string) => `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(line)}</p>`;
  const html = mailPage(
    subject,
    `${lines.map(para).join('\n')}
<p style="margin:20px 0"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 20px;background:#b3001b;color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 12px;font-size:13px;word-break:break-all;color:#555">${escapeHtml(link.url)}</p>
${after.map(para).join('\n')}`,
  );
  return { subject, text, html };
}
