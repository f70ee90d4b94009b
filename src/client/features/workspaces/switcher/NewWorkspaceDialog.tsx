import { errorMessage } from '@client/api/errors';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { WORKSPACE_NAME_MAX } from '@shared/api/workspaces';
import { type WorkspaceNameInput, workspaceNameSchema } from '@shared/validation/workspaces';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';

import { useSwitchWorkspace } from '../useSwitchWorkspace';
import { useCreateWorkspaceMutation } from '../workspaces.api';

/** Said when creating fails and the server gave no reason. */
export const CREATE_WORKSPACE_FAILED = 'Unable to create the workspace. Please try again.';
/** The dialog's labels, named once for the switcher and its tests. */
export const NEW_WORKSPACE_LABELS = {
  title: 'New workspace',
  name: 'Workspace name',
  submit: 'Create workspace',
} as const;

const INITIAL_VALUES: WorkspaceNameInput = { name: '' };

/** Props of NewWorkspaceDialog. */
export interface NewWorkspaceDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the new workspace was created and made current. */
  onCreated?: () => void;
}

/** Names and creates a workspace (one per client, say), then switches to it. */
export function NewWorkspaceDialog({ open, onClose, onCreated }: NewWorkspaceDialogProps) {
  const titleId = useId();
  const failureId = useId();
  const [createWorkspace] = useCreateWorkspaceMutation();
  const { switchTo } = useSwitchWorkspace();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (values: WorkspaceNameInput) => {
    setFailure(null);
    let created;
    try {
      created = await createWorkspace(workspaceNameSchema.cast(values)).unwrap();
    } catch (error) {
      setFailure(errorMessage(error, CREATE_WORKSPACE_FAILED));
      return;
    }
    // The workspace exists either way; a refused switch is toasted and leaves the user where they were.
    await switchTo(created);
    close();
    onCreated?.();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Formik<WorkspaceNameInput>
        initialValues={INITIAL_VALUES}
        validationSchema={workspaceNameSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-describedby={failure ? failureId : undefined}>
            <DialogTitle id={titleId}>{NEW_WORKSPACE_LABELS.title}</DialogTitle>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText>One workspace per client: its own ad accounts, team and figures.</DialogContentText>
                <FormikTextField
                  name="name"
                  id="new-workspace-name"
                  label={NEW_WORKSPACE_LABELS.name}
                  autoFocus
                  fullWidth
                  required
                  helperText={`Up to ${WORKSPACE_NAME_MAX} characters.`}
                />
                {failure && (
                  <Alert severity="error" id={failureId}>
                    {failure}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <LoadingButton type="submit" variant="contained" loading={isSubmitting}>
                {NEW_WORKSPACE_LABELS.submit}
              </LoadingButton>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
