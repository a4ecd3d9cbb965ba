/** A picture upload's body rule (the route only replies with it). */
import { describe, expect, test } from 'vitest';
import { PICTURE_TYPE_MESSAGE, uploadedPicture } from '../../../../src/server/modules/products-admin/service.ts';

describe('uploadedPicture', () => {
  test('passes the bytes of a picture type through', () => {
    const file = Buffer.from([0xff, 0xd8, 0xff]);
    expect(uploadedPicture(file)).toBe(file);
  });

  test.each([undefined, null, {}, 'text', [1, 2]])('answers 415 for a body of another type (%j)', (body) => {
    expect(() => uploadedPicture(body)).toThrow(expect.objectContaining({ statusCode: 415, message: PICTURE_TYPE_MESSAGE }));
  });
});
