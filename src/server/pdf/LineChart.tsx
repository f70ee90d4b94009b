import { Text, View } from './primitives';
import { PDF_COLORS, pdfStyles } from './styles';
import { Circle, Line, Polyline, Svg } from './svg';

export interface LineChartProps {
  /** The chart's title, drawn as text above it. */
  label: string;
  /** One value per point, oldest first. */
  values: number[];
  /** Labels under the first and last points (dates). */
  firstLabel: string;
  lastLabel: string;
  /** How the highest value is written on the axis. */
  format: (value: number) => string;
  color?: string;
  width?: number;
  height?: number;
}

/**
 * A small line chart drawn as react-pdf SVG (vector, so it stays sharp at any zoom). Everything a
 * reader needs to read off it (title, top of the scale, first and last day) is ordinary text
 * beside the drawing, so it is selectable and found by search.
 */
export function LineChart({
  label,
  values,
  firstLabel,
  lastLabel,
  format,
  color = PDF_COLORS.brand,
  width = 480,
  height = 70,
}: LineChartProps) {
  const max = Math.max(0, ...values);
  const pad = 4;
  const x = (index: number) =>
    values.length <= 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (values.length - 1);
  const y = (value: number) => (max === 0 ? height - pad : height - pad - (value / max) * (height - 2 * pad));
  const points = values.map((value, index) => `${x(index).toFixed(2)},${y(value).toFixed(2)}`).join(' ');
  return (
    <View style={{ marginBottom: 10 }} wrap={false}>
      <View style={[pdfStyles.row, { justifyContent: 'space-between' }]}>
        <Text style={pdfStyles.subheading}>{label}</Text>
        <Text style={[pdfStyles.small, pdfStyles.muted]}>{`Highest: ${format(max)}`}</Text>
      </View>
      <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <Line x1={0} y1={height - pad} x2={width} y2={height - pad} stroke={PDF_COLORS.rule} strokeWidth={1} />
        <Line x1={0} y1={pad} x2={width} y2={pad} stroke={PDF_COLORS.track} strokeWidth={1} />
        {values.length > 1 ? <Polyline points={points} fill="none" stroke={color} strokeWidth={1.5} /> : null}
        {values.length === 1 ? <Circle cx={x(0)} cy={y(values[0]!)} r={2} fill={color} /> : null}
      </Svg>
      <View style={[pdfStyles.row, { justifyContent: 'space-between' }]}>
        <Text style={[pdfStyles.small, pdfStyles.muted]}>{firstLabel}</Text>
        <Text style={[pdfStyles.small, pdfStyles.muted]}>{lastLabel}</Text>
      </View>
    </View>
  );
}
