import type { ReactNode } from 'react';

import { Document, Image, Page, Text, View } from './primitives';
import { pdfStyles } from './styles';

/** The product's name as every document shows it. */
export const PDF_PRODUCT_NAME = 'Adwise';

/** A white-label document's brand (a workspace's branding): its name instead of the product's, its colour, its logo. */
export interface PdfBrand {
  name: string;
  /** #rrggbb, or null for the product's colour. */
  color: string | null;
  /** A PNG logo (react-pdf draws PNG and JPEG, not SVG). */
  logo: Buffer | null;
}

export interface PdfDocumentProps {
  /** The document's title (also its metadata title). */
  title: string;
  /** Lines under the title: date, placement, workspace … */
  meta: string[];
  /** Left out: the product's own header. */
  brand?: PdfBrand;
  children: ReactNode;
}

/** An A4 document with the product's (or the brand's) header on the first page and a footer with page numbers on every page. */
export function PdfDocument({ title, meta, brand, children }: PdfDocumentProps) {
  const brandName = brand?.name ?? PDF_PRODUCT_NAME;
  return (
    <Document title={title} author={brandName} creator={brandName} producer={PDF_PRODUCT_NAME}>
      <Page size="A4" style={pdfStyles.page}>
        <View style={pdfStyles.header}>
          <View>
            {brand?.logo ? (
              <Image
                src={{ data: brand.logo, format: 'png' }}
                style={{ height: 28, maxWidth: 160, objectFit: 'contain', marginBottom: 4 }}
              />
            ) : null}
            <Text style={[pdfStyles.brand, brand?.color ? { color: brand.color } : {}]}>{brandName}</Text>
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
          <Text>{`${brandName}: ${title}`}</Text>
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
