import { errorMessage } from '@client/api/errors';
import { FormFooter } from '@client/components/FormFooter';
import { FormikTextField } from '@client/components/FormikTextField';
import { LoadingButton } from '@client/components/LoadingButton';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { FirstPartySection } from '@client/features/firstParty/FirstPartySection';
import { notify } from '@client/lib/notify';
import { useCan } from '@client/session/useCan';
import { Alert, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX, type WorkspaceSummary } from '@shared/api/workspaces';
import { type WorkspaceNameInput, workspaceNameSchema } from '@shared/validation/workspaces';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';

import { useGetWorkspaceQuery, useUpdateWorkspaceMutation } from '../team.api';
import { BrandingSection } from './BrandingSection';
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog';
import { useDeleteWorkspaceFlow } from './useDeleteWorkspaceFlow';

/** Said when the workspace cannot be loaded and the server gave no reason. */
export const WORKSPACE_LOAD_FAILED = 'Unable to load the workspace right now.';
/** Said when a rename fails and the server gave no reason. */
export const RENAME_FAILED = 'Unable to rename the workspace. Please try again.';
/** The notice once renamed. */
export const RENAMED_MESSAGE = 'Workspace renamed.';
/** Why a role other than owner sees the settings but cannot change them. */
export const OWNER_ONLY_NOTICE = 'Only an owner can rename or delete this workspace.';

const TITLE = 'Workspace settings';
const NAME_SECTION_ID = 'workspace-name-heading';
const DANGER_SECTION_ID = 'workspace-danger-heading';
const FAILURE_ID = 'workspace-rename-failure';

function RenameForm({ workspace }: { workspace: WorkspaceSummary }) {
  const [updateWorkspace] = useUpdateWorkspaceMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: WorkspaceNameInput, helpers: FormikHelpers<WorkspaceNameInput>) => {
    setFailure(null);
    // The cast trims the name, as the server stores it.
    const input = workspaceNameSchema.cast(values);
    try {
      const renamed = await updateWorkspace(input).unwrap();
      helpers.resetForm({ values: { name: renamed.name } });
      notify(RENAMED_MESSAGE, 'success');
    } catch (error) {
      setFailure(errorMessage(error, RENAME_FAILED));
    }
  };

  return (
    <Formik<WorkspaceNameInput>
      initialValues={{ name: workspace.name }}
      validationSchema={workspaceNameSchema}
      onSubmit={submit}
    >
      {({ isSubmitting, dirty }) => (
        <Form noValidate aria-labelledby={NAME_SECTION_ID} aria-describedby={failure ? FAILURE_ID : undefined}>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <FormikTextField
              name="name"
              label="Workspace name"
              autoComplete="off"
              required
              fullWidth
              helperText={`Up to ${WORKSPACE_NAME_MAX} characters.`}
            />
            <FormFooter failure={failure} failureId={FAILURE_ID}>
              <LoadingButton type="submit" variant="contained" loading={isSubmitting} disabled={!dirty}>
                Save name
              </LoadingButton>
            </FormFooter>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

interface SettingsProps {
  workspace: WorkspaceSummary;
  onDelete: () => void;
}

function Settings({ workspace, onDelete }: SettingsProps) {
  const canManage = useCan('workspace:manage');

  return (
    <>
      <Stack component="section" spacing={2} aria-labelledby={NAME_SECTION_ID}>
        <Typography id={NAME_SECTION_ID} variant="h2">
          Name
        </Typography>
        {canManage ? (
          <RenameForm workspace={workspace} />
        ) : (
          <>
            <Typography>{workspace.name}</Typography>
            <Alert severity="info" sx={{ maxWidth: 560 }}>
              {OWNER_ONLY_NOTICE}
            </Alert>
          </>
        )}
      </Stack>

      <BrandingSection />

      <FirstPartySection />

      {canManage && (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby={DANGER_SECTION_ID}
          sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, borderColor: 'error.main' }}
        >
          <Stack spacing={1.5}>
            <Typography id={DANGER_SECTION_ID} variant="h2">
              Delete workspace
            </Typography>
            {workspace.personal ? (
              <Typography color="text.secondary">{WORKSPACE_MESSAGES.personalCannotBeDeleted}</Typography>
            ) : (
              <>
                <Typography color="text.secondary">
                  Removes its connected accounts and their data, its team and invitations for good. Your other
                  workspaces stay as they are.
                </Typography>
                <Stack direction="row">
                  <Button variant="outlined" color="error" onClick={onDelete}>
                    Delete workspace
                  </Button>
                </Stack>
              </>
            )}
          </Stack>
        </Paper>
      )}
    </>
  );
}

function SettingsSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading the workspace" sx={{ maxWidth: 560 }}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={36} width={120} />
    </Stack>
  );
}

/**
 * The workspace settings page (/workspace/settings, issue 12): the current workspace's name, which
 * an owner can change, and Delete workspace (owner; never the personal one) behind the typed name
 * and an emailed OTP.
 */
export function WorkspaceSettingsPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetWorkspaceQuery();
  // Here rather than beside the button: the flow outlives the workspace it deletes (the page reloads
  // for the personal one before it leaves).
  const { snapshot, send } = useDeleteWorkspaceFlow();

  let content;
  if (data)
    content = (
      <Settings workspace={data} onDelete={() => send({ type: 'OPEN', workspace: { id: data.id, name: data.name } })} />
    );
  else if (isLoading) content = <SettingsSkeleton />;
  else
    content = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, WORKSPACE_LOAD_FAILED)}
      </RetryAlert>
    );

  return (
    <SimplePage title={TITLE} intro={data ? `The settings of ${data.name}.` : undefined}>
      {content}
      <DeleteWorkspaceDialog snapshot={snapshot} send={send} />
    </SimplePage>
  );
}
