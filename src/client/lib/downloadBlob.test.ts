import { downloadBlob, saveObjectUrl } from './downloadBlob';

// jsdom has no object URLs; each test supplies its own and they go afterwards.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  jest.useRealTimers();
  jest.restoreAllMocks();
});

interface Click {
  href: string;
  download: string;
  hidden: HTMLAnchorElement['hidden'];
  attached: boolean;
}

/** Records each click on a link instead of following it. */
function recordClicks(): Click[] {
  const clicks: Click[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({
      href: this.href,
      download: this.download,
      hidden: this.hidden,
      attached: document.body.contains(this),
    });
  });
  return clicks;
}

describe('saveObjectUrl', () => {
  it('clicks a hidden link to the URL under the file name, takes the link away and lets the URL go on the next task', () => {
    const revoke = jest.fn();
    Object.assign(URL, { revokeObjectURL: revoke });
    const clicks = recordClicks();

    jest.useFakeTimers();
    saveObjectUrl('blob:adwise/pdf', 'adwise-creative-1234abcd.pdf');
    expect(clicks).toEqual([
      { href: 'blob:adwise/pdf', download: 'adwise-creative-1234abcd.pdf', hidden: true, attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:adwise/pdf');
  });
});

describe('downloadBlob', () => {
  it('makes an object URL of the blob, downloads it under the file name and lets the URL go afterwards', () => {
    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const create = jest.fn((_blob: Blob) => 'blob:adwise/2');
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicks = recordClicks();

    jest.useFakeTimers();
    downloadBlob(blob, 'report.pdf');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicks).toEqual([{ href: 'blob:adwise/2', download: 'report.pdf', hidden: true, attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledWith('blob:adwise/2');
  });
});
