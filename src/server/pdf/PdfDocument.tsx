import type { ReactNode } from 'react';
import { Document, Page, Text, View } from './primitives';
import { pdfStyles } from './styles';

/** The product's name as every document shows it. */
export const PDF_PRODUCT_NAME = 'Adwise';

export interface PdfDocumentProps {
  /** The document's title (also its metadata title). */
  title: string;
  /** Lines under the title: date, placement, workspace … */
  meta: string[];
  children: ReactNode;
}

/** An A4 document with the product's header on the first page and a footer with page numbers on every page. */
export function PdfDocument({ title, meta, children }: PdfDocumentProps) {
  return (
    <Document title={title} author={PDF_PRODUCT_NAME} creator={PDF_PRODUCT_NAME} producer={PDF_PRODUCT_NAME}>
      <Page size="A4" style={pdfStyles.page}>
        <View style={pdfStyles.header}>
          <View>
            <Text style={pdfStyles.brand}>{PDF_PRODUCT_NAME}</Text>
            <Text style={pdfStyles.title}>{title}</Text>
          </View>
          <View>
            {meta.map((line) => (
              <Text key={line} style={[pdfStyles.meta, { textAlign: 'right' }]}>
                {line}
              </Text>
            ))}
          </View>
        </View>
        {children}
        <View style={pdfStyles.footer} fixed>
          <Text>{`${PDF_PRODUCT_NAME}: ${title}`}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** A titled block that is not split from its first lines at a page break. */
export function PdfSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={pdfStyles.section}>
      <Text style={pdfStyles.heading} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}
