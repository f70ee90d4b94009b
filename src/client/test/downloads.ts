/**
 * Catches what the app hands the browser as downloads: jsdom has no object URLs and cannot
 * follow a download link, so each blob and each file name is kept here, and the link's
 * navigation stopped, until `restore`. The object URLs are never revoked meanwhile; after
 * `restore` a revoke still pending on the next task finds a no-op where jsdom has none.
 */
export interface CaughtDownloads {
  blobs: Blob[];
  names: string[];
  /** The first download's text. */
  text(): Promise<string>;
  restore(): void;
}

export function catchDownloads(): CaughtDownloads {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  const stop = (event: MouseEvent) => {
    if (event.target instanceof HTMLAnchorElement && event.target.download) {
      names.push(event.target.download);
      event.preventDefault();
    }
  };
  document.addEventListener('click', stop, true);
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:download-${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  return {
    blobs,
    names,
    text() {
      if (!blobs.length) throw new Error('nothing was downloaded');
      return blobs[0].text();
    },
    restore() {
      document.removeEventListener('click', stop, true);
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL ?? (() => undefined);
    },
  };
}
