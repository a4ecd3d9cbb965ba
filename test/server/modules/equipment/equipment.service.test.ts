/** The equipment rules that answer 404 before any read or write (the routes only reply with them). */
import { describe, expect, test } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import {
  addMyEquipment, diagramSvg, equipmentByHandle, equipmentPictureSvg, removeMyEquipment, type EquipmentService,
} from '../../../../src/server/modules/equipment/service.ts';

const noDb = new Proxy({}, { get: () => { throw new Error('the database was used'); } }) as Db;
const service = { catalogue: { summaryByHandle: () => undefined } } as unknown as EquipmentService;
const deps = { db: noDb, service };

describe('equipment service', () => {
  test('an unknown model handle answers 404 Equipment not found, nothing read or written', async () => {
    for (const run of [() => equipmentByHandle(deps, 'nope'), () => addMyEquipment(deps, 1, ['nope']), () => removeMyEquipment(deps, 1, 'nope')]) {
      await expect(run()).rejects.toMatchObject({ statusCode: 404, message: 'Equipment not found' });
    }
  });

  test.each(['abc.svg', '0.svg', '99999999999.svg', '1.png'])('a media file name %j that names nothing answers 404 without a read', async (file) => {
    await expect(equipmentPictureSvg(deps, file)).rejects.toMatchObject({ statusCode: 404, message: 'Picture not found' });
    await expect(diagramSvg(deps, file)).rejects.toMatchObject({ statusCode: 404, message: 'Diagram not found' });
  });
});
