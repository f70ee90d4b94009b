import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DISPLAY_CURRENCIES } from '@shared/api/dashboard';
import {
  type Report,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_SECTION_DESCRIPTIONS,
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  type ReportInput,
  type ReportPeriodKind,
  type ReportSectionKey,
} from '@shared/api/reports';
import { isoDay } from '@shared/days';
import { reportSchema } from '@shared/validation/reports';
import { useFormik } from 'formik';
import { useLayoutEffect, useRef } from 'react';
import { ValidationError } from 'yup';

import { DraftPreview } from './DraftPreview';

export const SECTIONS_LEGEND = 'Sections, in the order the report shows them';

interface Values {
  name: string;
  /** Every section, in the order chosen; `chosen` says which are in the report. */
  order: ReportSectionKey[];
  chosen: ReportSectionKey[];
  period: ReportPeriodKind;
  from: string;
  to: string;
  currency: string;
}

const valuesOf = (report: Report | null): Values => {
  const chosen = report?.sections ?? ['headline', 'chart', 'platforms', 'campaigns'];
  return {
    name: report?.name ?? '',
    order: [...chosen, ...REPORT_SECTIONS.filter((key) => !chosen.includes(key))],
    chosen,
    period: report?.period ?? 'last_week',
    from: report?.from ?? '',
    to: report?.to ?? '',
    currency: report?.currency ?? 'USD',
  };
};

const inputOf = (values: Values): ReportInput => ({
  name: values.name,
  sections: values.order.filter((key) => values.chosen.includes(key)),
  period: values.period,
  ...(values.period === 'custom' ? { from: values.from, to: values.to } : {}),
  currency: values.currency as ReportInput['currency'],
});

/** The report builder: name, sections as an ordered checklist (each moved with its own buttons), period and currency, checked by the server's schema. */
export function ReportForm({
  report,
  onSave,
  saving,
  serverError,
}: {
  report: Report | null;
  onSave: (input: ReportInput) => void;
  saving: boolean;
  serverError: string | null;
}) {
  const formik = useFormik<Values>({
    initialValues: valuesOf(report),
    enableReinitialize: true,
    validate: (values) => {
      try {
        reportSchema.validateSync(inputOf(values), { abortEarly: false, context: { today: isoDay(new Date()) } });
        return {};
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const errors: Record<string, string> = {};
        for (const inner of error.inner) {
          const field = inner.path === 'sections' ? 'chosen' : (inner.path ?? 'name');
          errors[field] ??= inner.message;
        }
        return errors;
      }
    },
    onSubmit: (values) => onSave(inputOf(values)),
  });
  const { values, errors, touched } = formik;
  // The live preview follows the values once they differ from the saved report's (or a new one's defaults).
  const today = isoDay(new Date());
  const draft = formik.dirty ? inputOf(values) : null;
  const draftInput = draft && reportSchema.isValidSync(draft, { context: { today } }) ? draft : null;

  // A moved section keeps the keyboard: its button is focused again once the list is redrawn (a
  // renderer may move the focused row's element itself, which drops focus), or the other way's
  // button when this way has become disabled at the top or bottom.
  // Only after a move: a new order from anywhere else (the saved report coming back) leaves focus be.
  const moveButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const movedSection = useRef<{ key: ReportSectionKey; by: -1 | 1 } | null>(null);
  useLayoutEffect(() => {
    const moved = movedSection.current;
    if (moved === null) return;
    movedSection.current = null;
    const same = moveButtons.current.get(`${moved.key}:${moved.by}`);
    const other = moveButtons.current.get(`${moved.key}:${-moved.by}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [values.order]);
  const move = (index: number, by: -1 | 1) => {
    const order = [...values.order];
    const [key] = order.splice(index, 1);
    order.splice(index + by, 0, key!);
    movedSection.current = { key: key!, by };
    void formik.setFieldValue('order', order);
  };
  const toggle = (key: ReportSectionKey) => {
    void formik.setFieldTouched('chosen', true, false);
    void formik.setFieldValue(
      'chosen',
      values.chosen.includes(key) ? values.chosen.filter((k) => k !== key) : [...values.chosen, key],
    );
  };

  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={formik.handleSubmit}
        aria-label={report ? `Edit ${report.name}` : 'New report'}
      >
        <Stack spacing={2}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextField
            label="Report name"
            name="name"
            value={values.name}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(touched.name && errors.name)}
            helperText={touched.name && errors.name}
            required
          />
          <FormControl component="fieldset" error={Boolean(errors.chosen)}>
            <FormLabel component="legend">{SECTIONS_LEGEND}</FormLabel>
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {values.order.map((key, index) => (
                <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <FormControlLabel
                    control={<Checkbox checked={values.chosen.includes(key)} onChange={() => toggle(key)} />}
                    label={
                      <span>
                        {REPORT_SECTION_LABELS[key]}
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                        >{` — ${REPORT_SECTION_DESCRIPTIONS[key]}`}</Typography>
                      </span>
                    }
                    sx={{ flex: 1 }}
                  />
                  <IconButton
                    aria-label={`Move ${REPORT_SECTION_LABELS[key]} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    size="small"
                    ref={(button) => void moveButtons.current.set(`${key}:-1`, button)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${REPORT_SECTION_LABELS[key]} down`}
                    disabled={index === values.order.length - 1}
                    onClick={() => move(index, 1)}
                    size="small"
                    ref={(button) => void moveButtons.current.set(`${key}:1`, button)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
            {errors.chosen && <FormHelperText>{errors.chosen}</FormHelperText>}
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend" id="report-period-label">
              Period
            </FormLabel>
            <RadioGroup
              aria-labelledby="report-period-label"
              name="period"
              value={values.period}
              onChange={formik.handleChange}
            >
              {REPORT_PERIODS.map((period) => (
                <FormControlLabel
                  key={period}
                  value={period}
                  control={<Radio />}
                  label={REPORT_PERIOD_LABELS[period]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {values.period === 'custom' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label="From"
                name="from"
                value={values.from}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(touched.from && errors.from)}
                helperText={touched.from && errors.from}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                label="To"
                name="to"
                value={values.to}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(touched.to && errors.to)}
                helperText={touched.to && errors.to}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          )}
          <TextField
            select
            label="Currency"
            name="currency"
            value={values.currency}
            onChange={formik.handleChange}
            sx={{ maxWidth: 200 }}
          >
            {DISPLAY_CURRENCIES.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {currency}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {report ? 'Save report' : 'Create report'}
            </Button>
          </Box>
        </Stack>
      </Box>
      {formik.dirty && <DraftPreview input={draftInput} />}
    </>
  );
}
