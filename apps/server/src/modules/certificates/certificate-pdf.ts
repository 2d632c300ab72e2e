import PDFDocument from 'pdfkit';

export type CertificateContent = {
  reference: string;
  /** Printed only when the reporter asked for it. */
  title: string | null;
  category: string;
  submittedAt: Date;
  resolvedAt: Date;
  verificationCode: string;
  /** The address of the page that checks this certificate, its reference and code filled in. */
  verifyAt: string;
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function formatDate(date: Date) {
  return `${dateFormat.format(date)} UTC`;
}

/** Renders the certificate of resolution (A4, built-in fonts only). */
export function renderCertificate(content: CertificateContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 64,
    info: {
      Title: `Certificate of Resolution ${content.reference}`,
      Producer: 'Candor',
      Creator: 'Candor',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .font('Helvetica-Bold')
    .fontSize(26)
    .fillColor('#1e3a5f')
    .text('Certificate of Resolution', { align: 'center' });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor('#374151')
    .text('Candor - safe, anonymous reporting', { align: 'center' });
  doc.moveDown(2);

  const rows: [string, string][] = [
    ['Report reference', content.reference],
    ...(content.title === null ? [] : [['Title', content.title] as [string, string]]),
    ['Category', content.category.charAt(0).toUpperCase() + content.category.slice(1)],
    ['Submitted', formatDate(content.submittedAt)],
    ['Resolved', formatDate(content.resolvedAt)],
  ];
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#111827').text(label);
    doc.font('Helvetica').fontSize(12).fillColor('#111827').text(value);
    doc.moveDown(0.6);
  }
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(12)
    .text(
      'This certifies that the report identified above was reviewed by the administrators ' +
        'responsible for it and marked as resolved on the date shown.',
      { align: 'left' },
    );
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(11).text('Verification code');
  doc.font('Courier-Bold').fontSize(16).text(content.verificationCode);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#374151')
    .text('Anyone can check this certificate at');
  doc.fillColor('#1e3a5f').text(content.verifyAt, { link: content.verifyAt, underline: true });
  doc.end();
  return done;
}
