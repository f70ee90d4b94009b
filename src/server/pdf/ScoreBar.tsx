import { Text, View } from './primitives';
import { PDF_COLORS, pdfStyles, scoreColor } from './styles';

export interface ScoreBarProps {
  label: string;
  /** 0–100, or null for "does not apply". */
  score: number | null;
  /** One line under the bar. */
  explanation?: string;
}

/** A labelled 0–100 score with a bar in its band's colour, and an optional explanation. */
export function ScoreBar({ label, score, explanation }: ScoreBarProps) {
  const width = score === null ? 0 : Math.max(0, Math.min(100, score));
  return (
    <View style={{ marginBottom: 6 }} wrap={false}>
      <View style={[pdfStyles.row, { justifyContent: 'space-between' }]}>
        <Text style={pdfStyles.subheading}>{label}</Text>
        <Text style={[pdfStyles.bold, { color: scoreColor(score) }]}>
          {score === null ? 'Does not apply' : `${Math.round(score)}/100`}
        </Text>
      </View>
      <View style={{ height: 5, backgroundColor: PDF_COLORS.track, borderRadius: 2, marginBottom: 2 }}>
        <View style={{ height: 5, width: `${width}%`, backgroundColor: scoreColor(score), borderRadius: 2 }} />
      </View>
      {explanation ? <Text style={[pdfStyles.small, pdfStyles.muted]}>{explanation}</Text> : null}
    </View>
  );
}
