import { type Arrival, describeMachinePaths } from '@client/test/machinePaths';
import { machineModel } from '@client/test/machineRegistry';

const effectsOf = ({ effects }: Arrival) => effects;

describeMachinePaths(machineModel('palette'), {
  closed: {
    // Closed by Escape (nothing runs) or by choosing (the highlighted entry runs, once).
    check: (arrival) => {
      expect(arrival.snapshot.context).toEqual({ query: '', count: 0, active: -1 });
      if (arrival.event.type === 'CHOOSE')
        expect(effectsOf(arrival)).toEqual([{ name: 'runChosen', params: { index: expect.any(Number) } }]);
      else expect(effectsOf(arrival)).toEqual([]);
    },
  },
  open: {
    check: (arrival) => {
      const { count, active } = arrival.snapshot.context;
      expect(effectsOf(arrival)).toEqual([]);
      // Something is highlighted exactly when there is something to highlight, and it is on the list.
      if (count === 0) expect(active).toBe(-1);
      else expect(active >= 0 && active < count).toBe(true);
      if (arrival.event.type === 'RESULTS') expect(active).toBe(count > 0 ? 0 : -1);
    },
  },
});
