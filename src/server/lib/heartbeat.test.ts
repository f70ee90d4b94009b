import { staleBefore, startHeartbeat, withHeartbeat } from './heartbeat';

describe('heartbeat', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    expect(jest.getTimerCount()).toBe(0);
    jest.useRealTimers();
  });

  it('beats every interval until stopped, and leaves no timer behind', async () => {
    const beat = jest.fn(async () => true);
    const heartbeat = startHeartbeat(beat, { intervalMs: 10_000 });
    await jest.advanceTimersByTimeAsync(9_999);
    expect(beat).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(beat).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(beat).toHaveBeenCalledTimes(3);
    await heartbeat.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(beat).toHaveBeenCalledTimes(3);
    expect(heartbeat.lost).toBe(false);
  });

  it('stops beating and reports the lease lost when a beat finds it gone', async () => {
    const beat = jest.fn().mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const heartbeat = startHeartbeat(beat, { intervalMs: 1_000 });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(beat).toHaveBeenCalledTimes(2);
    expect(heartbeat.lost).toBe(true);
    await heartbeat.stop();
  });

  it('keeps beating after a beat that threw, telling onError', async () => {
    const errors: unknown[] = [];
    const beat = jest.fn().mockRejectedValueOnce(new Error('database blip')).mockResolvedValue(true);
    const heartbeat = startHeartbeat(beat, { intervalMs: 1_000, onError: (error) => errors.push(error) });
    await jest.advanceTimersByTimeAsync(3_000);
    expect(beat).toHaveBeenCalledTimes(3);
    expect(errors).toEqual([new Error('database blip')]);
    expect(heartbeat.lost).toBe(false);
    await heartbeat.stop();
  });

  it('never overlaps beats, and stop waits for the beat in flight', async () => {
    let release!: () => void;
    let running = 0;
    let most = 0;
    let finished = 0;
    const beat = jest.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running -= 1;
      finished += 1;
      return true;
    });
    const heartbeat = startHeartbeat(beat, { intervalMs: 1_000 });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(beat).toHaveBeenCalledTimes(1);
    const stopped = heartbeat.stop();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    release();
    await stopped;
    expect({ finished, most, calls: beat.mock.calls.length }).toEqual({ finished: 1, most: 1, calls: 1 });
  });

  it('withHeartbeat stops the heartbeat when the work throws', async () => {
    const beat = jest.fn(async () => true);
    await expect(
      withHeartbeat(beat, { intervalMs: 1_000 }, async () => {
        await jest.advanceTimersByTimeAsync(2_500);
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(beat).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(beat).toHaveBeenCalledTimes(2);
  });

  it('staleBefore is the window before now', () => {
    expect(staleBefore(new Date('2026-01-01T00:01:00Z'), 45_000).toISOString()).toBe('2026-01-01T00:00:15.000Z');
  });
});
