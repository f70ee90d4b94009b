/**
 * Saves what an object URL holds as a file. The URL is let go on the next task: revoking it at
 * once can cancel the download in some browsers.
 */
export function saveObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));
}

/** Hands a blob to the browser as a downloaded file under that name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  saveObjectUrl(URL.createObjectURL(blob), fileName);
}
