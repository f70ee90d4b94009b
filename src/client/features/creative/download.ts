export { saveObjectUrl } from '@client/lib/downloadBlob';
