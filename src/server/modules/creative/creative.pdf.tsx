import {
  CREATIVE_PLACEMENT_LABELS,
  type CreativeAnalysis,
  type CreativeAnalysisRecord,
  type CreativeComparison,
  type CreativeCopyInput,
  type CreativeField,
  type CreativeSpan,
  creativeValidationSentence,
} from '@shared/api/creative';

import { PdfDocument, PdfSection } from '../../pdf/PdfDocument';
import { Image, Text, View } from '../../pdf/primitives';
import { ScoreBar } from '../../pdf/ScoreBar';
import { PDF_COLORS, pdfStyles } from '../../pdf/styles';

/** The Creative Analyzer's report: one saved analysis (or comparison) as an A4 PDF with selectable text. */

const FIELD_LABELS: Record<CreativeField, string> = {
  headline: 'Headline',
  primary_text: 'Primary text',
  description: 'Description',
  cta: 'Call to action',
  landing_url: 'Landing URL',
};
const fieldName = (field: CreativeField, index: number) =>
  field === 'headline' ? `Headline ${index + 1}` : FIELD_LABELS[field];

/** The text of one field of the copy as sent. */
function fieldText(copy: CreativeCopyInput, field: CreativeField, index: number): string {
  if (field === 'headline') return copy.headlines[index] ?? '';
  return copy[field];
}

/** A date as the report shows it: 5 March 2030, 14:05 UTC. */
export function reportDate(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

function Cue({ span, copy }: { span: CreativeSpan; copy: CreativeCopyInput }) {
  const quoted = fieldText(copy, span.field, span.index).slice(span.start, span.end);
  return (
    <View style={[pdfStyles.row, { marginBottom: 2 }]} wrap={false}>
      <Text
        style={[
          pdfStyles.small,
          pdfStyles.bold,
          { width: 44, color: span.kind === 'earned' ? PDF_COLORS.good : PDF_COLORS.poor },
        ]}
      >
        {span.kind === 'earned' ? 'Earned' : 'Cost'}
      </Text>
      <Text style={[pdfStyles.small, { flex: 1 }]}>
        {`${fieldName(span.field, span.index)}: “${quoted}”. ${span.reason}`}
      </Text>
    </View>
  );
}

function AnalysisBody({
  analysis,
  copy,
  thumbnail,
}: {
  analysis: CreativeAnalysis;
  copy: CreativeCopyInput;
  thumbnail: Buffer | null;
}) {
  const { text, image } = analysis;
  const spans = text.sub_scores.flatMap((score) => score.spans);
  const fields: [CreativeField, number][] = [
    ...copy.headlines.map((_, index): [CreativeField, number] => ['headline', index]),
    ['primary_text', 0],
    ['description', 0],
    ['cta', 0],
    ['landing_url', 0],
  ];
  return (
    <>
      <PdfSection title="Overall score">
        <ScoreBar label="Overall" score={text.overall.score} explanation={text.overall.explanation} />
      </PdfSection>
      <PdfSection title="Text scores">
        {text.sub_scores.map((score) => (
          <ScoreBar key={score.key} label={score.label} score={score.score} explanation={score.explanation} />
        ))}
      </PdfSection>
      <PdfSection title="The copy">
        {fields
          .filter(([field, index]) => fieldText(copy, field, index) !== '')
          .map(([field, index]) => (
            <View key={`${field}-${index}`} style={{ marginBottom: 4 }} wrap={false}>
              <Text style={pdfStyles.subheading}>{fieldName(field, index)}</Text>
              <Text>{fieldText(copy, field, index)}</Text>
            </View>
          ))}
        {spans.length > 0 && (
          <View style={{ marginTop: 4 }}>
            <Text style={pdfStyles.subheading}>What earned and cost points</Text>
            {spans.map((span, i) => (
              <Cue key={i} span={span} copy={copy} />
            ))}
          </View>
        )}
      </PdfSection>
      {text.fields.length > 0 && (
        <PdfSection title={`How it shows on ${analysis.placement_label}`}>
          {text.fields.map((fit) => (
            <View key={`${fit.field}-${fit.index}`} style={{ marginBottom: 4 }} wrap={false}>
              <Text style={pdfStyles.subheading}>
                {`${fit.field === 'headline' ? fieldName(fit.field, fit.index) : fit.label} (${fit.length}${fit.limit !== null ? ` of ${fit.limit}` : ''} characters${fit.over_limit ? ', over the limit' : ''})`}
              </Text>
              <Text>
                {fit.visible}
                {fit.cut !== '' ? (
                  <Text style={{ color: PDF_COLORS.muted, textDecoration: 'line-through' }}>{fit.cut}</Text>
                ) : null}
              </Text>
              {fit.cut !== '' && (
                <Text
                  style={[pdfStyles.small, pdfStyles.muted]}
                >{`Struck through: cut on ${CREATIVE_PLACEMENT_LABELS[analysis.placement]}.`}</Text>
              )}
            </View>
          ))}
        </PdfSection>
      )}
      {text.headline_model.scored !== 'none' && (
        <PdfSection title="Headline model">
          <ScoreBar
            label={text.headline_model.scored === 'opening_sentence' ? 'Opening sentence' : 'Headline score'}
            score={text.headline_model.score}
          />
          {text.headline_model.headlines.map((headline, i) => (
            <Text key={i} style={pdfStyles.small}>
              {`“${headline.headline}”: ${Math.round(headline.score)}/100${headline.top.length ? ` (${headline.top.map((c) => `${c.label} ${c.contribution >= 0 ? '+' : '−'}${Math.abs(c.contribution).toFixed(2)}`).join('; ')})` : ''}`}
            </Text>
          ))}
          {text.headline_model.validation && (
            <Text style={[pdfStyles.small, pdfStyles.muted, { marginTop: 4 }]}>
              {`${creativeValidationSentence(text.headline_model.validation)} ${text.headline_model.validation.method}`}
            </Text>
          )}
        </PdfSection>
      )}
      {image && (
        <PdfSection title="Image">
          <View style={pdfStyles.row}>
            {thumbnail && (
              <Image
                src={{ data: thumbnail, format: 'png' }}
                style={{ width: 140, maxHeight: 200, objectFit: 'contain', marginRight: 12 }}
              />
            )}
            <View style={{ flex: 1 }}>
              <Text style={[pdfStyles.small, pdfStyles.muted, { marginBottom: 4 }]}>
                {`${image.format.toUpperCase()}, ${image.width}×${image.height} pixels. Text covers about ${Math.round(image.text_coverage * 100)}% of it.`}
              </Text>
              {image.sub_scores.map((score) => (
                <ScoreBar key={score.key} label={score.label} score={score.score} explanation={score.explanation} />
              ))}
            </View>
          </View>
        </PdfSection>
      )}
      {text.suggestions.length > 0 && (
        <PdfSection title="Suggestions">
          {text.suggestions.map((suggestion, i) => (
            <View key={i} style={{ marginBottom: 4 }} wrap={false}>
              <Text>{`${suggestion.field ? `${fieldName(suggestion.field, suggestion.index ?? 0)}: ` : ''}${suggestion.advice}`}</Text>
              {suggestion.example ? (
                <Text style={[pdfStyles.small, pdfStyles.muted]}>{`For example: ${suggestion.example}`}</Text>
              ) : null}
            </View>
          ))}
        </PdfSection>
      )}
    </>
  );
}

function ComparisonBody({ comparison, copies }: { comparison: CreativeComparison; copies: CreativeCopyInput[] }) {
  const name = (index: number) =>
    `Variant ${index + 1}${copies[index]?.headlines[0] ? `: “${copies[index].headlines[0]}”` : ''}`;
  return (
    <PdfSection title="Ranking">
      {comparison.ranking.map((entry, position) => {
        const step = comparison.steps[position];
        return (
          <View key={entry.index} style={{ marginBottom: 6 }} wrap={false}>
            <ScoreBar
              label={`${entry.rank}. ${name(entry.index)}`}
              score={entry.score}
              explanation={entry.analysis.overall.explanation}
            />
            {step && (
              <Text
                style={pdfStyles.small}
              >{`Ahead of variant ${step.lower + 1} by ${Math.round(step.difference)} points. ${step.explanation}`}</Text>
            )}
          </View>
        );
      })}
    </PdfSection>
  );
}

/** The report of a saved analysis; `thumbnail` is the image's thumbnail as PNG (react-pdf draws PNG and JPEG). */
export function CreativeReport({ record, thumbnail }: { record: CreativeAnalysisRecord; thumbnail: Buffer | null }) {
  const isAnalysis = record.kind === 'analysis';
  const meta = [
    reportDate(record.created_at),
    isAnalysis ? `Placement: ${record.placement_label}` : `${record.input.copies.length} variants compared`,
  ];
  return (
    <PdfDocument title={isAnalysis ? 'Creative analysis' : 'Creative comparison'} meta={meta}>
      {record.kind === 'analysis' ? (
        <AnalysisBody analysis={record.result} copy={record.input.copy} thumbnail={thumbnail} />
      ) : (
        <ComparisonBody comparison={record.result} copies={record.input.copies} />
      )}
    </PdfDocument>
  );
}
