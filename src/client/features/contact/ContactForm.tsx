import { FormikCheckbox } from '@client/components/FormikCheckbox';
import { FormikTextField } from '@client/components/FormikTextField';
import { FormSubmit } from '@client/components/FormSubmit';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { CONTACT_MESSAGES } from '@shared/api/contact';
import type { ApiErrorBody } from '@shared/api/errors';
import { type ContactInput, contactSchema } from '@shared/validation/contact';
import { Form, Formik, type FormikHelpers, useField, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

import { MessageField } from './MessageField';

/** The form's fields in the order a person sees them; the first invalid one gets the focus. */
const FIELD_ORDER = ['fullName', 'email', 'message'] as const;
/** Field ids, prefixed so they cannot clash with anything else on the page. */
export const contactFieldId = (name: string) => `contact-${name}`;
const SUMMARY_ID = 'contact-summary';
const FAILURE_ID = 'contact-failure';

/** The labels, named once for the page and its tests. */
export const CONTACT_LABELS = {
  fullName: 'Full Name',
  email: 'Email',
  message: 'Message',
  newsletter: 'Keep me posted with the Adwise newsletter',
  partnership: "I'm interested in a partnership",
  submit: 'Send message',
} as const;

function focusField(name: string) {
  document.getElementById(contactFieldId(name))?.focus();
}

/** After a submit attempt that validation stopped, moves the focus to the first invalid field. */
function FocusFirstError() {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<ContactInput>();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const first = FIELD_ORDER.find((name) => errors[name] !== undefined);
    if (first) focusField(first);
  }, [submitCount, isSubmitting, isValidating, errors]);
  return null;
}

/** Hides an element from sight without display:none, so bots that skip hidden inputs still fill it. */
const offScreen = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The spam trap: hidden from sight, from assistive technology and from the Tab order. People leave it empty. */
function SpamTrap() {
  const [field] = useField<string>('website');
  return (
    <Box aria-hidden="true" sx={offScreen}>
      <label htmlFor={contactFieldId('website')}>Website (leave this empty)</label>
      <input
        {...field}
        value={field.value ?? ''}
        id={contactFieldId('website')}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </Box>
  );
}

/** The failure summary shown after a submit attempt with invalid fields. */
function Summary() {
  const { submitCount, errors } = useFormikContext<ContactInput>();
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  // A filled trap is not a field anyone can fix; say what happened instead.
  const text =
    errors.website !== undefined && Object.keys(errors).length === 1 ? CONTACT_MESSAGES.spam : CONTACT_MESSAGES.summary;
  return (
    <Alert severity="error" id={SUMMARY_ID}>
      {text}
    </Alert>
  );
}

function fieldOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: Partial<ApiErrorBody> }).data;
  return typeof data?.field === 'string' ? data.field : null;
}

/** Props of ContactForm. */
export interface ContactFormProps {
  initialValues: ContactInput;
  /** Sends the trimmed values; rejects with the API error on failure. */
  onSend: (values: ContactInput) => Promise<void>;
  /** Why the last send failed (the server's detail or the fallback), shown under the button. */
  failure: string | null;
  /** Turns a failed send into the text to show. */
  describeFailure: (error: unknown) => string;
}

/**
 * The contact form (spec sections 2 and 5): Formik with the shared schema, the spec's messages
 * under the fields, a summary and focus on the first invalid field after a failed attempt.
 * A failed send keeps everything typed; a 400 naming a field marks that field.
 */
export function ContactForm({ initialValues, onSend, failure, describeFailure }: ContactFormProps) {
  const handleSubmit = async (values: ContactInput, helpers: FormikHelpers<ContactInput>) => {
    try {
      // The cast trims every text, as the server stores it.
      await onSend(contactSchema.cast(values, { stripUnknown: true }));
    } catch (error) {
      const field = fieldOf(error);
      if (field !== null && (FIELD_ORDER as readonly string[]).includes(field)) {
        helpers.setFieldTouched(field, true, false);
        helpers.setFieldError(field, describeFailure(error));
        focusField(field);
      }
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={contactSchema} onSubmit={handleSubmit}>
      {({ isSubmitting, submitCount, errors }) => {
        const describedBy = [
          submitCount > 0 && Object.keys(errors).length > 0 ? SUMMARY_ID : null,
          failure ? FAILURE_ID : null,
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <Form noValidate aria-label="Contact" aria-describedby={describedBy || undefined}>
            <FocusFirstError />
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                Fields marked * are required.
              </Typography>
              <FormikTextField
                name="fullName"
                id={contactFieldId('fullName')}
                label={CONTACT_LABELS.fullName}
                autoComplete="name"
                required
                fullWidth
              />
              <FormikTextField
                name="email"
                id={contactFieldId('email')}
                label={CONTACT_LABELS.email}
                type="email"
                autoComplete="email"
                required
                fullWidth
              />
              <MessageField name="message" id={contactFieldId('message')} label={CONTACT_LABELS.message} />
              <Stack spacing={0}>
                <FormikCheckbox name="newsletter" label={CONTACT_LABELS.newsletter} />
                <FormikCheckbox name="partnership" label={CONTACT_LABELS.partnership} />
              </Stack>
              <SpamTrap />
              <Summary />
              <FormSubmit
                label={CONTACT_LABELS.submit}
                submitting={isSubmitting}
                failure={failure}
                failureId={FAILURE_ID}
              />
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
