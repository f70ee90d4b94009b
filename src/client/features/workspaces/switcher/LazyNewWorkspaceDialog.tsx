import { lazyPage } from '@client/app/lazyPage';
import { Suspense, useState } from 'react';

import type { NewWorkspaceDialogProps } from './NewWorkspaceDialog';

// The dialog's form (Formik, yup and the form controls) loads when it is first opened: the
// switcher heads every signed-in page's side navigation, and few visits create a workspace.
const NewWorkspaceDialog = lazyPage<'NewWorkspaceDialog', NewWorkspaceDialogProps>(
  () => import(/* webpackChunkName: "new-workspace" */ './NewWorkspaceDialog'),
  'NewWorkspaceDialog',
);

/** The New workspace dialog, loaded on first opening and mounted from then on, so it can play its closing transition. */
export function LazyNewWorkspaceDialog(props: NewWorkspaceDialogProps) {
  const [used, setUsed] = useState(props.open);
  // State derived during render (React's sanctioned pattern): opened once, mounted for good.
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <NewWorkspaceDialog {...props} />
    </Suspense>
  );
}
