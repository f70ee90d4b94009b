import { csvFileName, downloadCsv } from './csv';

// jsdom has no object URLs; each test supplies its own and they go afterwards.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('csv', () => {
  it('names the file after the range', () => {
    expect(csvFileName('2030-01-01', '2030-01-07')).toBe('adwise-campaigns-2030-01-01-to-2030-01-07.csv');
  });

  it('downloads the text as a CSV blob under that name and lets the URL go afterwards', async () => {
    const created: Blob[] = [];
    const fakeCreate = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:adwise/1';
    });
    const fakeRevoke = jest.fn();
    Object.assign(URL, { createObjectURL: fakeCreate, revokeObjectURL: fakeRevoke });
    const clicks: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });

    jest.useFakeTimers();
    downloadCsv('platform,name\nmeta,Diwali Sale', 'adwise-campaigns.csv');
    expect(clicks).toEqual([{ href: 'blob:adwise/1', download: 'adwise-campaigns.csv' }]);
    expect(created[0].type).toBe('text/csv;charset=utf-8');
    expect(await created[0].text()).toBe('platform,name\nmeta,Diwali Sale');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(fakeRevoke).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(fakeRevoke).toHaveBeenCalledWith('blob:adwise/1');
  });
});
