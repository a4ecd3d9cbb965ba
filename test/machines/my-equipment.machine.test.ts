import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, test } from 'vitest';
import { addEquipment, type EquipmentRef } from '../../src/domain/equipment.ts';
import { connectMyEquipment } from '../../src/machines/my-equipment.connect.ts';
import { MY_EQUIPMENT_FAILED, myEquipmentMachine } from '../../src/machines/my-equipment.machine.ts';

const A: EquipmentRef = { handle: 'hayward-sp2607x10', brand: 'Hayward', model: 'Super Pump 1 HP' };
const B: EquipmentRef = { handle: 'pentair-ccp320', brand: 'Pentair', model: 'Clean & Clear Plus 320' };
const C: EquipmentRef = { handle: 'jandy-jxi400', brand: 'Jandy', model: 'JXi 400' };

/** A fake account: the server's list and the calls made. */
function start({ stored = [] as EquipmentRef[], signedIn = false, account = [] as EquipmentRef[], fail = false } = {}) {
  const server = { list: [...account], calls: [] as string[] };
  const writes: EquipmentRef[][] = [];
  const actor = createActor(
    myEquipmentMachine.provide({
      actors: {
        loadMine: fromPromise(async () => {
          server.calls.push('GET');
          return server.list;
        }),
        saveMine: fromPromise(async ({ input }: { input: { handles: string[] } }) => {
          server.calls.push(`PUT ${input.handles.join(',')}`);
          if (fail) throw Object.assign(new Error('x'), { serverMessage: 'Equipment not found' });
          // the server: the given handles become the most recent
          for (const h of [...input.handles].reverse()) server.list = addEquipment(server.list, [A, B, C].find((m) => m.handle === h)!);
          return server.list;
        }),
        removeMine: fromPromise(async ({ input }: { input: { handle: string } }) => {
          server.calls.push(`DELETE ${input.handle}`);
          server.list = server.list.filter((m) => m.handle !== input.handle);
          return server.list;
        }),
      },
      actions: { writeStored: (_, params: { list: EquipmentRef[] }) => void writes.push(params.list) },
    }),
    { input: { stored, signedIn } },
  ).start();
  const view = () => connectMyEquipment(actor.getSnapshot());
  const settled = () => waitFor(actor, (s) => s.matches('signedOut') || s.matches({ signedIn: 'idle' }));
  return { actor, view, server, writes, settled };
}

describe('my equipment, signed out', () => {
  test('saving and removing keep the list in browser storage, most recent first, each once', () => {
    const { actor, view, writes, server } = start({ stored: [A] });
    actor.send({ type: 'equipment.save', item: B });
    actor.send({ type: 'equipment.save', item: A });
    expect(view().handles).toEqual([A.handle, B.handle]);
    actor.send({ type: 'equipment.remove', handle: B.handle });
    expect(writes.at(-1)).toEqual([A]);
    expect(view().storedIn).toBe('browser');
    expect(view().list[0]?.label).toBe('Hayward Super Pump 1 HP');
    expect(server.calls).toEqual([]);
  });

  test('another tab writing the list is followed', () => {
    const { actor, view } = start();
    actor.send({ type: 'storage.changed', list: [C] });
    expect(view().handles).toEqual([C.handle]);
  });
});

describe('my equipment, signed in', () => {
  test("at sign-in the browser's other models are sent to the account once, then the browser's copy is cleared", async () => {
    const { actor, view, server, writes, settled } = start({ stored: [B, A], account: [A] });
    actor.send({ type: 'auth.changed', signedIn: true });
    await settled();
    expect(server.calls).toEqual(['GET', `PUT ${B.handle}`]);
    expect(view().handles.sort()).toEqual([A.handle, B.handle].sort());
    expect(view().storedIn).toBe('account');
    expect(writes.at(-1)).toEqual([]);
    actor.send({ type: 'auth.changed', signedIn: false });
    expect(view().handles).toEqual([]);
  });

  test('nothing to merge: no PUT', async () => {
    const { actor, server, settled } = start({ stored: [A], account: [A, C] });
    actor.send({ type: 'auth.changed', signedIn: true });
    await settled();
    expect(server.calls).toEqual(['GET']);
  });

  test('saving and removing go to the account, the list follows its answers', async () => {
    const { actor, view, server, settled, writes } = start({ signedIn: true, account: [A] });
    await settled();
    actor.send({ type: 'equipment.save', item: C });
    expect(view().handles[0]).toBe(C.handle); // shown at once
    await settled();
    actor.send({ type: 'equipment.remove', handle: A.handle });
    await settled();
    expect(server.calls).toEqual(['GET', `PUT ${C.handle}`, `DELETE ${A.handle}`]);
    expect(view().handles).toEqual([C.handle]);
    expect(writes).toEqual([]);
  });

  test('a failed save puts the list back and says so; the browser keeps its models', async () => {
    const { actor, view, settled } = start({ signedIn: true, account: [A], fail: true });
    await settled();
    actor.send({ type: 'equipment.save', item: B });
    await settled();
    expect(view().handles).toEqual([A.handle]);
    expect(view().error).toBe('Equipment not found');
    const merge = start({ stored: [B], account: [A], fail: true });
    merge.actor.send({ type: 'auth.changed', signedIn: true });
    await merge.settled();
    expect(merge.view().handles).toEqual([A.handle]);
    expect(merge.actor.getSnapshot().context.stored).toEqual([B]);
    expect(MY_EQUIPMENT_FAILED).toMatch(/could not be saved/);
  });
});
