import { useEffect } from 'react';

const APP_NAME = 'Adwise';

/** Sets the tab title to "<title> · Adwise" so each route change is announced and bookmarkable. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
