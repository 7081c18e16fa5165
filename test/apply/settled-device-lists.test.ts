import { describe, expect, it } from 'vitest';
import type { Device } from '../../src/api/wire-types.js';
import { SettledDeviceLists, type SettleTimers } from '../../src/apply/settled-device-lists.js';

const SETTLE = 1_250;

/** A clock that moves only when the test says, running the timers that fall due in order. */
function fakeTimers() {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void }> = [];
  const api: SettleTimers & { advance(ms: number): Promise<void> } = {
    now: () => now,
    schedule: (fn, ms) => void timers.push({ at: now + ms, fn }),
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return api;
}

/** A device list that records when each read was sent and answers one device, aliased with the merchant's id. */
function recordingList(clock: SettleTimers) {
  const sent: Array<{ mchId: string; at: number }> = [];
  const list = async (mchId: string): Promise<Device[]> => {
    sent.push({ mchId, at: clock.now() });
    return [{ deviceId: `CD-${sent.length}`, deviceAlias: mchId } as Device];
  };
  return { sent, list };
}

describe('SettledDeviceLists', () => {
  it('sends one read for the checks of a merchant that join it, no earlier than the last one\'s settle time', async () => {
    const clock = fakeTimers();
    const { sent, list } = recordingList(clock);
    const lists = new SettledDeviceLists(list, SETTLE, clock);
    const first = lists.read('M1');
    await clock.advance(400);
    const second = lists.read('M1');
    await clock.advance(500);
    const third = lists.read('M1');
    await clock.advance(SETTLE - 1);
    expect(sent).toEqual([]);
    await clock.advance(1);
    expect(sent).toEqual([{ mchId: 'M1', at: 900 + SETTLE }]);
    const answers = await Promise.all([first, second, third]);
    expect(answers.map((a) => a[0]!.deviceId)).toEqual(['CD-1', 'CD-1', 'CD-1']);
  });

  it('gives a check that comes after its merchant\'s read was sent a read of its own, at its own settle time', async () => {
    const clock = fakeTimers();
    const { sent, list } = recordingList(clock);
    const lists = new SettledDeviceLists(list, SETTLE, clock);
    const early = lists.read('M1');
    await clock.advance(SETTLE);
    const late = lists.read('M1');
    await clock.advance(SETTLE);
    expect(sent).toEqual([
      { mchId: 'M1', at: SETTLE },
      { mchId: 'M1', at: 2 * SETTLE },
    ]);
    expect((await early)[0]!.deviceId).toBe('CD-1');
    expect((await late)[0]!.deviceId).toBe('CD-2');
  });

  it('reads each merchant\'s devices apart', async () => {
    const clock = fakeTimers();
    const { sent, list } = recordingList(clock);
    const lists = new SettledDeviceLists(list, SETTLE, clock);
    const one = lists.read('M1');
    const other = lists.read('M2');
    await clock.advance(SETTLE);
    expect(sent.map((s) => s.mchId).sort()).toEqual(['M1', 'M2']);
    expect((await one)[0]!.deviceAlias).toBe('M1');
    expect((await other)[0]!.deviceAlias).toBe('M2');
  });

  it('fails every check that joined a read that failed, and the next check reads again', async () => {
    const clock = fakeTimers();
    let calls = 0;
    const lists = new SettledDeviceLists(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection reset');
        return [];
      },
      SETTLE,
      clock,
    );
    const joined = [lists.read('M1'), lists.read('M1')];
    const settled = Promise.allSettled(joined);
    await clock.advance(SETTLE);
    expect((await settled).map((s) => s.status)).toEqual(['rejected', 'rejected']);
    const again = lists.read('M1');
    await clock.advance(SETTLE);
    expect(await again).toEqual([]);
    expect(calls).toBe(2);
  });

  it('rejects the checks, not the timer, when the list throws before it answers', async () => {
    const clock = fakeTimers();
    const lists = new SettledDeviceLists(
      () => {
        throw new Error('bad merchant id');
      },
      SETTLE,
      clock,
    );
    const read = lists.read('M1');
    const settled = Promise.allSettled([read]);
    await clock.advance(SETTLE);
    expect((await settled)[0]).toMatchObject({ status: 'rejected', reason: { message: 'bad merchant id' } });
  });
});
